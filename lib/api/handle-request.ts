import { getDb } from "@/db/client";
import { authenticateApiKey, type ApiCaller } from "@/lib/accounts/authenticate-api-key";
import { errorResponse, successResponse } from "./envelope";
import { ApiError } from "./errors";
import { assertNoNulInRequest } from "./nul-characters";
import { parseJsonBody } from "./parse-body";
import { getRateLimiter, rateLimitHeaders } from "./rate-limit";
import { rateLimitRule } from "./rate-limit-rules";
import type { RouteMatch } from "./router";
import type { ApiVersion } from "./types";

/** The header names official clients send the key in, ours first. */
const API_KEY_HEADERS = ["waybill-api-key", "as-api-key", "aftership-api-key"];

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-headers": [
    "content-type",
    ...API_KEY_HEADERS,
    "aftership-agent",
    "aftership-client",
    "request-id",
    "date",
    "as-signature-hmac-sha256",
  ].join(", "),
  "access-control-expose-headers": "x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, as-api-version",
};

function presentedKey(request: Request): string | null {
  for (const name of API_KEY_HEADERS) {
    const value = request.headers.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || request.headers.get("x-real-ip") || "local";
}

/**
 * Splits the legacy SDK's `/last_checkpoint/<id>&fields=…` (an ampersand where `?` belongs) back
 * into a path and query parameters.
 */
function normalisePath(segments: string[], query: URLSearchParams): string[] {
  const last = segments[segments.length - 1];
  if (!last?.includes("&")) return segments;
  const [head, ...pairs] = last.split("&");
  for (const [key, value] of new URLSearchParams(pairs.join("&"))) if (!query.has(key)) query.set(key, value);
  return [...segments.slice(0, -1), head!];
}

export interface VersionEndpoint {
  version: ApiVersion;
  /** What `as-api-version` says; an alias such as 2025-07 still names the version serving it. */
  versionHeader: string;
  match: (method: string, path: string[]) => RouteMatch;
}

/** One request through the public API: route, authenticate, rate-limit, parse, handle, envelope. */
export async function handleApiRequest(endpoint: VersionEndpoint, request: Request, rawSegments: string[]): Promise<Response> {
  const headers: Record<string, string> = { ...CORS_HEADERS, "as-api-version": endpoint.versionHeader };
  const method = request.method.toUpperCase();
  const preflight = method === "OPTIONS";
  try {
    const url = new URL(request.url);
    const query = url.searchParams;
    const segments = normalisePath(
      rawSegments.filter((segment) => segment !== ""),
      query,
    );
    // A CORS preflight reports the window of the method it asks about.
    const lookupMethod = preflight ? (request.headers.get("access-control-request-method")?.toUpperCase() ?? "GET") : method === "HEAD" ? "GET" : method;
    const match = endpoint.match(lookupMethod, segments);

    const db = await getDb();
    const key = presentedKey(request);
    const caller: ApiCaller | null = key ? await authenticateApiKey(db, key) : null;

    const route = match.kind === "found" ? match.route : undefined;
    const rule = rateLimitRule(endpoint.version, lookupMethod, route, caller?.organization);
    const limiter = await getRateLimiter();
    const decision = await limiter.check(
      preflight ? { ...rule, consume: false } : rule,
      caller ? `org:${caller.organization.id}` : `ip:${clientAddress(request)}`,
    );
    Object.assign(headers, rateLimitHeaders(decision));
    // Browsers send preflights without the key: answered on any path, spending nothing.
    if (preflight) return new Response(null, { status: 204, headers });

    if (match.kind === "not-found") throw new ApiError(404);
    if (match.kind === "method-not-allowed") {
      headers.allow = match.allowed.join(", ");
      throw new ApiError(405, `The method ${method} is not allowed here; use ${match.allowed.join(" or ")}.`);
    }
    if (!caller) {
      throw new ApiError(401, key ? "Invalid API key." : "API key is missing: send it in the `waybill-api-key` header.");
    }
    if (!decision.allowed) throw new ApiError(429);

    const body = method === "GET" || method === "HEAD" ? undefined : await parseJsonBody(request);
    assertNoNulInRequest(match.params, query);
    const result = await match.route.handler({
      version: endpoint.version,
      organization: caller.organization,
      apiKeyId: caller.apiKeyId,
      db,
      params: match.params,
      query,
      body,
    });
    return successResponse(result.data, result.status ?? 200, headers);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, headers);
    console.error(`[api] ${method} ${request.url} failed`, error);
    return errorResponse(new ApiError(500), headers);
  }
}
