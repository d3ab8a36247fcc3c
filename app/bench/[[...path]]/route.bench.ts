import { emptyBenchResponse } from "@/lib/api/bench-reference";

// The framework's ceiling for `npm run bench -- api`: a catch-all route handler of the API's
// shape that does no work, for GETs and for POSTs. Answers 404 unless the benchmark turned it on.
export const GET = emptyBenchResponse;
export const POST = emptyBenchResponse;
