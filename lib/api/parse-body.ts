import { ApiError } from "./errors";
import { assertNoNulInBody } from "./nul-characters";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON body: 413 over 1 MB, 4001 for malformed JSON, undefined when empty. */
export async function parseJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError(413);
  if (!request.body) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch {
    // The client went away mid-body (nobody reads the answer): a refusal, not a server error in the log.
    throw new ApiError(400, "The request body could not be read: the connection closed before it ended.");
  }
  if (bytes.byteLength > MAX_BODY_BYTES) throw new ApiError(413);
  const text = new TextDecoder().decode(bytes).trim();
  if (text === "") return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(4001, "Invalid JSON data: the request body could not be parsed.");
  }
  // JSON holds U+0000 and lone surrogates only as `\u` escapes (decoding already replaced bad
  // bytes), so bodies without those escapes skip the walks.
  if (text.includes("\\u0000")) assertNoNulInBody(body);
  return /\\u[dD][89a-fA-F]/.test(text) ? withWellFormedStrings(body) : body;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Replaces lone UTF-16 surrogates with U+FFFD, as storing them in a text column would; a jsonb
 * column refuses them outright.
 */
function withWellFormedStrings(value: unknown): unknown {
  if (typeof value === "string") return value.replace(LONE_SURROGATE, "\uFFFD");
  if (Array.isArray(value)) return value.map(withWellFormedStrings);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replace(LONE_SURROGATE, "\uFFFD"), withWellFormedStrings(item)]));
  }
  return value;
}
