import { successResponse } from "./envelope";

/** A reference answer is never larger than this: it stands beside one tracking, not a list. */
const MAX_BYTES = 1_000_000;

/**
 * What the API bench's reference route answers: the envelope carrying `?bytes=` characters, so it
 * weighs what the answer it stands beside weighs, 201 to a POST (as a create) after reading the
 * body as any create must. No key, no database, no validation: the framework's cost alone.
 */
export async function emptyBenchResponse(request: Request): Promise<Response> {
  if (request.method === "POST") await request.text();
  const bytes = Math.min(Math.max(Number(new URL(request.url).searchParams.get("bytes")) || 0, 0), MAX_BYTES);
  return successResponse({ padding: "x".repeat(bytes) }, request.method === "POST" ? 201 : 200);
}
