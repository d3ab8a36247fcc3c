import { withWellFormedStrings } from "@/lib/clean-input";
import { BodyTooLarge, readLimitedBody } from "@/lib/read-limited-body";
import { ApiError } from "./errors";
import { assertNoNulInBody } from "./nul-characters";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON body: 413 over 1 MB, 4001 for malformed JSON, undefined when empty. */
export async function parseJsonBody(request: Request): Promise<unknown> {
  return parseJsonText(await readBodyText(request));
}

/** The body's text as sent (a signature covers these exact bytes): 413 over 1 MB. */
export async function readBodyText(request: Request): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readLimitedBody(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new ApiError(413);
    // The client went away mid-body (nobody reads the answer): a refusal, not a server error in the log.
    throw new ApiError(400, error instanceof Error ? error.message : "The request body could not be read.");
  }
  return new TextDecoder().decode(bytes);
}

/** 4001 for malformed JSON, undefined when empty. */
export function parseJsonText(raw: string): unknown {
  const text = raw.trim();
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
