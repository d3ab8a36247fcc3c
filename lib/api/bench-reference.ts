import { errorResponseFor, successResponse } from "./envelope";

/** What the benchmark's reference route answers: the envelope, nothing else. */
export async function emptyBenchResponse(): Promise<Response> {
  if (process.env.WAYBILL_BENCH_ROUTES !== "1") return errorResponseFor(404);
  return successResponse({}, 200);
}
