import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { attentionFlags } from "@/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { pollTrackingBatch } from "@/lib/trackings/poll-tracking-batch";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";
import { renderWebhookTracking } from "@/lib/api/versions";
import { callApi } from "@/testing/api-client";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { serveMetrics } from "./serve-metrics";

const database = setupTestDatabase();
const TOKEN = "metrics-token-for-tests-0123456789";
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  Object.assign(process.env, { METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE: "true" });
  resetEnvForTests();
});
afterEach(() => resetEnvForTests());
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvForTests();
  await receiver.close();
});

const scrape = async (authorization?: string) => serveMetrics(new Request("http://localhost/metrics", { headers: authorization ? { authorization } : {} }));

/** A series' value in the exposition text, 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("/metrics", () => {
  it("answers only the operator's bearer token, and nothing when no token is set", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer wrong-token-wrong-token-00")).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(200);
    delete process.env.METRICS_TOKEN;
    resetEnvForTests();
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    resetEnvForTests();
  });

  it("reports the process's own memory beside Waybill's series", async () => {
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(valueOf(text, "process_resident_memory_bytes")).toBeGreaterThan(10 * 2 ** 20);
    expect(valueOf(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it("reports the embedded database thread's memory, and none on PostgreSQL, a server of its own", async () => {
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    const part = (name: string) => `waybill_embedded_database_memory_bytes{part="${name}"}`;
    if (database.handle.kind === "pglite") {
      expect(valueOf(text, part("webassembly"))).toBeGreaterThanOrEqual(64 * 2 ** 20);
      expect(valueOf(text, part("heap"))).toBeGreaterThan(2 ** 20);
    } else {
      expect(text).not.toContain(part("webassembly"));
    }
  });

  it("moves with an API call, a poll and a webhook delivery, and never names a tracking number or an organisation", async () => {
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const { key, organization } = await createTenant(database.db, { name: "Secret Shop Ltd" });
    const number = `ITOD-1-${Date.now()}`;
    const created = await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: number, slug: "testing-courier" } });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await pollTrackingBatch(database.db, { organizationId: organization.id, route: "direct", slug: "testing-courier", trackingIds: [id] }, new Date());
    const endpoint = await createWebhookEndpoint(database.db, organization.id, { url: receiver.url, apiVersion: "2025-04" });
    await sendTestWebhook(database.db, organization.id, endpoint.id, renderWebhookTracking);
    await database.db.insert(attentionFlags).values({ organizationId: organization.id, trackingId: id, reason: "stalled", since: "2030-01-01" });

    const after = await (await scrape(`Bearer ${TOKEN}`)).text();
    const moved = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(moved('waybill_api_requests_total{route="2025-04 POST /trackings",status="201"}')).toBe(1);
    expect(moved('waybill_api_request_duration_seconds_count{route="2025-04 POST /trackings"}')).toBe(1);
    expect(moved('waybill_polls_total{carrier="testing-courier",outcome="answered"}')).toBeGreaterThanOrEqual(1);
    expect(moved('waybill_webhook_attempts_total{outcome="delivered"}')).toBe(1);
    expect(moved("waybill_webhook_attempt_duration_seconds_count")).toBe(1);
    // Read from the database at the scrape.
    expect(moved('waybill_attention_flags_open{reason="stalled"}')).toBe(1);
    expect(after).not.toContain(number);
    expect(after).not.toContain("Secret Shop");
    expect(after).not.toContain(organization.id);
  });
});
