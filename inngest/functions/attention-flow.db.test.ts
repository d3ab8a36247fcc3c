import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { attentionFlags, trackings, webhookEndpoints } from "@/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTestEngine, runsOf, type TestEngine } from "@/testing/inngest";
import { PollTestClock } from "@/testing/poll-test-clock";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { deliverWebhook } from "./deliver-webhook";
import { evaluateAttentionHourly } from "./evaluate-attention-hourly";
import { fanOutWebhooks } from "./fan-out-webhooks";
import { flagAttentionNow } from "./flag-attention-now";

const database = setupTestDatabase();
// Monday 2 March 2026, 08:00 UTC.
const clock = new PollTestClock(Date.UTC(2026, 2, 2, 8, 0, 0));
let receiver: WebhookReceiver;
let jobs: TestEngine;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  receiver = await startWebhookReceiver();
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE", "true");
  resetEnvForTests();
  jobs = await createTestEngine({ db: database.db, functions: [evaluateAttentionHourly, flagAttentionNow, fanOutWebhooks, deliverWebhook], clock });
});
afterAll(async () => {
  await jobs.stop();
  await receiver.close();
  vi.unstubAllEnvs();
  resetEnvForTests();
  vi.useRealTimers();
});

const flagsOf = (organizationId: string, trackingId: string) =>
  database.db
    .select({ reason: attentionFlags.reason, since: attentionFlags.since })
    .from(attentionFlags)
    .where(and(eq(attentionFlags.organizationId, organizationId), eq(attentionFlags.trackingId, trackingId)));

async function needsAttention(organizationId: string, trackingId: string) {
  const [row] = await database.db
    .select({ needsAttention: trackings.needsAttention })
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, trackingId)));
  return row!.needsAttention;
}

describe("needs attention, under the manual clock", () => {
  it("flags a stalled shipment after its quiet business days, announces it to the opted-in webhook, and clears it when it moves", async () => {
    const { organization, key } = await createTenant(database.db);
    const optedIn = await createWebhookEndpoint(database.db, organization.id, { url: `${receiver.url}/in/${organization.id}`, apiVersion: "2026-07" });
    await database.db.update(webhookEndpoints).set({ attentionEvents: true }).where(eq(webhookEndpoints.id, optedIn.id));
    await createWebhookEndpoint(database.db, organization.id, { url: `${receiver.url}/out/${organization.id}`, apiVersion: "2026-07" });
    const trackingId = await createTestTracking(key);
    await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_002", message: "Accepted", checkpointTime: "2026-03-02T09:00:00" });
    await jobs.drain();
    const attentionWebhooks = () =>
      receiver.received.filter((webhook) => webhook.path.includes(organization.id) && JSON.parse(webhook.rawBody).event === "tracking_attention");

    // Tuesday to Thursday: three quiet business days, the default gap: not yet.
    await jobs.advance("3d");
    expect(await flagsOf(organization.id, trackingId)).toEqual([]);
    // Friday: a fourth quiet business day.
    await jobs.advance("1d");
    expect(await flagsOf(organization.id, trackingId)).toEqual([{ reason: "stalled", since: "2026-03-06" }]);
    expect(await needsAttention(organization.id, trackingId)).toBe(true);
    await jobs.drain();
    expect(attentionWebhooks().map((webhook) => webhook.path.endsWith(`/in/${organization.id}`))).toEqual([true]);
    const body = JSON.parse(attentionWebhooks()[0]!.rawBody);
    expect(body).toMatchObject({ event: "tracking_attention", attention: [{ reason: "stalled", since: "2026-03-06" }], msg: { id: trackingId } });

    // Later hours find the same reason: no second webhook.
    await jobs.advance("3h");
    expect(attentionWebhooks()).toHaveLength(1);

    // A new scan: the shipment moved, the flag is gone at once.
    await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_003", message: "Sorted", checkpointTime: "2026-03-06T16:00:00" });
    expect(await flagsOf(organization.id, trackingId)).toEqual([]);
    expect(await needsAttention(organization.id, trackingId)).toBe(false);
    await jobs.advance("2h");
    expect(await flagsOf(organization.id, trackingId)).toEqual([]);
  });

  it("flags a failed delivery attempt the moment it is stored, without waiting for the hour", async () => {
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key);
    await storeScan(organization.id, trackingId, {
      tag: "AttemptFail",
      subtag: "AttemptFail_002",
      message: "Nobody home",
      checkpointTime: "2026-03-10T11:00:00",
    });
    await jobs.drain();
    expect(await flagsOf(organization.id, trackingId)).toEqual([{ reason: "failed_attempt", since: "2026-03-10" }]);
    expect(await needsAttention(organization.id, trackingId)).toBe(true);
    const evaluatedAtOnce = async () => (await runsOf(database.db, "waybill-flag-attention-now")).filter((run) => run.event.data.trackingId === trackingId);
    expect(await evaluatedAtOnce()).toHaveLength(1);

    // Any other status waits for the hour: no run is queued for it.
    await storeScan(organization.id, trackingId, {
      tag: "InTransit",
      subtag: "InTransit_001",
      message: "Back at the depot",
      checkpointTime: "2026-03-10T15:00:00",
    });
    await jobs.drain();
    expect(await evaluatedAtOnce()).toHaveLength(1);
  });
});
