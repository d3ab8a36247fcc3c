import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON body: 413 over 1 MB, 4001 for malformed JSON, undefined when empty. */
export async function parseJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError(413);
  if (!request.body) return undefined;
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw new ApiError(413);
  const text = new TextDecoder().decode(bytes).trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(4001, "Invalid JSON data: the request body could not be parsed.");
  }
}
