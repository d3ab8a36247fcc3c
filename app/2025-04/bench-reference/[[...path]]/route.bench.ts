import { emptyBenchResponse } from "@/lib/api/bench-reference";

// The reference of `npm run bench -- api`: a route handler on the API's own path (under a version
// prefix, so past the proxy as the API is) that does no work of its own. Only in a bench build.
export const GET = emptyBenchResponse;
export const POST = emptyBenchResponse;
