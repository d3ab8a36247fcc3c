import { serveHealth } from "@/lib/observability/serve-health";

export const dynamic = "force-dynamic";
export const GET = serveHealth;
