import { timingSafeEqual } from "node:crypto";
import { getDatabaseHandle } from "@/db/client";
import { env } from "@/lib/env";
import { metrics } from "./metrics";
import { refreshDatabaseGauges, refreshEmbeddedDatabaseMemory } from "./scrape";

const sameSecret = (given: string, expected: string) => given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** `GET /metrics`: off (404) unless METRICS_TOKEN is set, then only with `Authorization: Bearer <METRICS_TOKEN>`. */
export async function serveMetrics(request: Request): Promise<Response> {
  const token = env().METRICS_TOKEN;
  if (!token) return new Response("Not found\n", { status: 404 });
  const given =
    request.headers
      .get("authorization")
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim() ?? "";
  if (!sameSecret(given, token))
    return new Response("Send Authorization: Bearer <METRICS_TOKEN>.\n", { status: 401, headers: { "www-authenticate": "Bearer" } });
  const all = metrics();
  const handle = await getDatabaseHandle();
  await refreshDatabaseGauges(handle.db, all);
  await refreshEmbeddedDatabaseMemory(handle, all);
  return new Response(await all.registry.metrics(), { headers: { "content-type": all.registry.contentType, "cache-control": "no-store" } });
}
