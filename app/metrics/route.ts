import { serveMetrics } from "@/lib/observability/serve-metrics";

export const dynamic = "force-dynamic";
export const GET = serveMetrics;
