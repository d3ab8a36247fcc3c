import { errorResponseFor, successResponse } from "./envelope";

/**
 * What the benchmark's reference route answers: the envelope, nothing else (201 to a POST, as a
 * create). It reads neither the headers nor the body, so it is the framework's cost alone.
 */
export async function emptyBenchResponse(request: Request): Promise<Response> {
  if (process.env.WAYBILL_BENCH_ROUTES !== "1") return errorResponseFor(404);
  return successResponse({}, request.method === "POST" ? 201 : 200);
}
