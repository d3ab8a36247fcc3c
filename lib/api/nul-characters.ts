import { ApiError } from "./errors";

const NUL = "\u0000";

/** The path of the first string (value or object key) holding U+0000, or null when there is none. */
function nulPath(value: unknown, path: string[]): string[] | null {
  if (typeof value === "string") return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return [...path, key.replaceAll(NUL, "")];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

const invalid = (field: string) => new ApiError(4008, `The value of \`${field || "body"}\` is invalid: it contains a NUL character.`);

// PostgreSQL text and jsonb cannot hold U+0000, so input carrying one is refused as an invalid
// value before any query sees it (it would fail there as a 500).

/** Path parameters and query values holding U+0000. */
export function assertNoNulInRequest(params: Record<string, string>, query: URLSearchParams): void {
  for (const [name, value] of Object.entries(params)) if (value.includes(NUL)) throw invalid(name);
  for (const [name, value] of query) if (name.includes(NUL) || value.includes(NUL)) throw invalid(name.replaceAll(NUL, ""));
}

/** A parsed JSON body holding U+0000 in a value or a key. */
export function assertNoNulInBody(body: unknown): void {
  const path = nulPath(body, []);
  if (path) throw invalid(path.join("."));
}
