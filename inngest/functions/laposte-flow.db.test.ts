import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { trackings } from "@/db/schema";
import { resetEncryptionKeyForTests } from "@/lib/connections/encryption-key";
import { resetEnvForTests } from "@/lib/env";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { callApi } from "@/testing/api-client";
import { type FakeLaposteServer, LAPOSTE_KEY, startFakeLaposteServer } from "@/testing/carriers/fake-laposte-server";
import { setupTestDatabase } from "@/testing/database";
import { createTenant } from "@/testing/factories";
import { createTestEngine, type TestEngine } from "@/testing/inngest";
import { PollTestClock } from "@/testing/poll-test-clock";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { deliverWebhook } from "./deliver-webhook";
import { dispatchPolls } from "./dispatch-polls";
import { fanOutWebhooks } from "./fan-out-webhooks";
import { pollTrackings } from "./poll-trackings";

const database = setupTestDatabase();
const clock = new PollTestClock(Date.UTC(2026, 2, 2, 8, 0, 30));
let fake: FakeLaposteServer;
let receiver: WebhookReceiver;
let jobs: TestEngine;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  fake = await startFakeLaposteServer();
  receiver = await startWebhookReceiver();
  // La Poste answers at the fake's address; the server has no Okapi key of its own, so the merchant's connection is what polls.
  Object.assign(process.env, {
    LAPOSTE_API_BASE_URL: fake.url,
    LAPOSTE_RATE_LIMIT: "off",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WAYBILL_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  });
  delete process.env.LAPOSTE_API_KEY;
  resetEnvForTests();
  resetEncryptionKeyForTests();
  jobs = await createTestEngine({ db: database.db, functions: [dispatchPolls, pollTrackings, fanOutWebhooks, deliverWebhook], clock });
});
afterAll(async () => {
  await jobs.stop();
  await Promise.all([fake.close(), receiver.close()]);
  vi.useRealTimers();
});

async function row(organizationId: string, id: string) {
  const [found] = await database.db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, id)));
  return found!;
}

describe("a Colissimo parcel followed directly at La Poste with the merchant's own key", () => {
  it("is created through the API, polled to Delivered with the merchant's connection, and its webhooks are sent", async () => {
    const { organization, key } = await createTenant(database.db);
    await createWebhookEndpoint(database.db, organization.id, { url: `${receiver.url}/${organization.id}`, apiVersion: "2026-07" });
    const refused = await callApi("POST", "/tracking/2026-07/courier-connections", {
      key,
      body: { courier_slug: "colissimo", credentials: { api_key: "wrong" } },
    });
    expect(refused.status).toBe(400);
    const connected = await callApi("POST", "/tracking/2026-07/courier-connections", {
      key,
      body: { courier_slug: "colissimo", credentials: { api_key: LAPOSTE_KEY } },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);

    const number = "6A19999999901";
    const created = await callApi("POST", "/tracking/2026-07/trackings", { key, body: { tracking_number: number, slug: "colissimo" } });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await jobs.drain();
    // La Poste does not know the number yet: it stays Pending, asked once.
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending", trackedCount: 1, courierConnectionId: connected.body.data.id });
    expect(fake.calls.at(-1)).toEqual([number]);

    fake.deliver(number);
    clock.advance("12h");
    await jobs.advance("1m");
    expect(await row(organization.id, id)).toMatchObject({ tag: "Delivered", subtag: "Delivered_001", active: false });
    await jobs.drain();
    const webhooks = receiver.received.filter((webhook) => webhook.path.endsWith(organization.id)).map((webhook) => JSON.parse(webhook.rawBody).msg);
    expect(webhooks.map((msg) => [msg.id, msg.tag])).toContainEqual([id, "Delivered"]);

    const answer = await callApi("GET", `/tracking/2026-07/trackings/${id}`, { key });
    expect(
      answer.body.data.checkpoints.map((checkpoint: { checkpoint_time: string; subtag: string }) => [checkpoint.checkpoint_time, checkpoint.subtag]),
    ).toEqual([
      ["2026-03-02T09:12:00", "InfoReceived_001"],
      ["2026-03-02T17:05:00", "InTransit_002"],
      ["2026-03-03T04:21:00", "InTransit_001"],
      ["2026-03-04T07:58:00", "OutForDelivery_001"],
      ["2026-03-04T11:47:00", "Delivered_001"],
    ]);
  });
});
