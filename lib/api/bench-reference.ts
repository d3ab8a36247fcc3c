import { successResponse } from "./envelope";

/**
 * What the benchmark's reference route answers: the envelope, nothing else (201 to a POST, as a
 * create). It reads neither the headers nor the body, so it is the framework's cost alone. Its
 * route exists only in a bench build (next.config.ts).
 */
export async function emptyBenchResponse(request: Request): Promise<Response> {
  return successResponse({}, request.method === "POST" ? 201 : 200);
}
