import type { ApiRoute, HttpMethod } from "./types";

interface CompiledRoute {
  route: ApiRoute;
  segments: string[];
  staticCount: number;
}

export type RouteMatch =
  { kind: "found"; route: ApiRoute; params: Record<string, string> } | { kind: "method-not-allowed"; allowed: HttpMethod[] } | { kind: "not-found" };

function matchSegments(pattern: string[], path: string[]): Record<string, string> | null {
  if (pattern.length !== path.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = path[i]!;
    if (expected.startsWith(":")) {
      if (actual === "") return null;
      params[expected.slice(1)] = actual;
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}

/**
 * Matches method + path against a version's route table. Among patterns that fit the path, the
 * one with the most literal segments wins, so `/trackings/:id/retrack` beats
 * `/trackings/:slug/:tracking_number` for POST while GET still reaches the slug form.
 */
export function compileRoutes(routes: ApiRoute[]): (method: string, path: string[]) => RouteMatch {
  const compiled: CompiledRoute[] = routes.map((route) => {
    const segments = route.pattern.split("/").filter(Boolean);
    return { route, segments, staticCount: segments.filter((s) => !s.startsWith(":")).length };
  });
  compiled.sort((a, b) => b.staticCount - a.staticCount);

  return (method, path) => {
    const allowed = new Set<HttpMethod>();
    for (const candidate of compiled) {
      const params = matchSegments(candidate.segments, path);
      if (!params) continue;
      if (candidate.route.method === method) return { kind: "found", route: candidate.route, params };
      allowed.add(candidate.route.method);
    }
    return allowed.size ? { kind: "method-not-allowed", allowed: [...allowed] } : { kind: "not-found" };
  };
}
