import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { trackings } from "@/db/schema";
import { handleProviderPush } from "@/lib/api/provider-push";
import { startFakeTrack17, type FakeTrack17 } from "@/lib/carriers/track17/testing/fake-track17-server";
import { saveProviderKey } from "@/lib/connections/save-provider-key";
import { resetEnvForTests } from "@/lib/env";
import { callApi } from "@/lib/testing/api-client";
import { setupTestDatabase } from "@/lib/testing/database";
import { createTenant } from "@/lib/testing/factories";
import { PollTestClock } from "@/lib/trackings/poll-test-clock";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { createTestEngine, type TestEngine } from "../testing";
import { callTrackingProvider } from "./call-tracking-provider";
import { deliverWebhook } from "./deliver-webhook";
import { dispatchPolls } from "./dispatch-polls";
import { fanOutWebhooks } from "./fan-out-webhooks";
import { pollTrackings } from "./poll-trackings";

const database = setupTestDatabase();
const KEY = "whole-flow-17track-key";
const ROYAL_MAIL = 11031;
const clock = new PollTestClock(Date.UTC(2026, 2, 2, 8, 0, 30));
let fake: FakeTrack17;
let receiver: WebhookReceiver;
let jobs: TestEngine;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  fake = await startFakeTrack17({ apiKey: KEY });
  receiver = await startWebhookReceiver();
  // The registry reads the provider's address from the environment when first used.
  Object.assign(process.env, { TRACK17_API_BASE_URL: fake.baseUrl, TRACK17_RATE_LIMIT: "off", WEBHOOK_ALLOW_PRIVATE: "true" });
  resetEnvForTests();
  jobs = await createTestEngine({ db: database.db, functions: [dispatchPolls, pollTrackings, callTrackingProvider, fanOutWebhooks, deliverWebhook], clock });
});
afterAll(async () => {
  await jobs.stop();
  await Promise.all([fake.close(), receiver.close()]);
  vi.useRealTimers();
});

async function row(organizationId: string, id: string) {
  const [found] = await database.db.select().from(trackings).where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, id)));
  return found!;
}

const at = (hours: number) => new Date(Date.UTC(2026, 2, 2, 8) + hours * 3_600_000).toISOString().replace(".000Z", "+00:00");

async function merchantWithKey() {
  const { organization, key } = await createTenant(database.db);
  fake.setNow(new Date(clock.now()));
  await saveProviderKey(database.db, organization.id, "track17", { apiKey: KEY });
  await createWebhookEndpoint(database.db, organization.id, { url: `${receiver.url}/${organization.id}`, apiVersion: "2025-04" });
  return { organization, key };
}

const webhookTags = (organizationId: string, id: string) =>
  receiver.received
    .filter((webhook) => webhook.path.endsWith(organizationId))
    .map((webhook) => JSON.parse(webhook.rawBody).msg)
    .filter((msg) => msg.id === id)
    .map((msg) => msg.tag);

describe("a royal-mail tracking followed through 17TRACK", () => {
  it("goes Pending → InTransit → Delivered by polling, with its webhooks, and stops at 17TRACK once delivered", async () => {
    const { organization, key } = await merchantWithKey();
    const number = "RB100000001GB";
    fake.script(number, ROYAL_MAIL, [
      { at: at(1), subStatus: "InTransit_PickedUp", description: "We've got it", city: "London", country: "GB" },
      { at: at(30), subStatus: "Delivered_Other", description: "Delivered", city: "Leeds", country: "GB" },
    ]);
    const created = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: number, slug: "royal-mail" } });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await jobs.drain();
    expect(fake.registered(number)).toBe(true);
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending", trackedCount: 1 });

    clock.advance("2h");
    fake.setNow(new Date(clock.now()));
    await jobs.advance("1m");
    expect(await row(organization.id, id)).toMatchObject({ tag: "InTransit", subtag: "InTransit_002" });

    clock.advance("30h");
    fake.setNow(new Date(clock.now()));
    await jobs.advance("1m");
    expect(await row(organization.id, id)).toMatchObject({ tag: "Delivered", active: false });
    await jobs.drain();
    expect(webhookTags(organization.id, id)).toEqual(["InTransit", "Delivered"]);
    expect(fake.stopped(number)).toBe(true);
    const answer = await callApi("GET", `/2025-04/trackings/${id}`, { key });
    expect(answer.body.data.checkpoints.map((checkpoint: { checkpoint_time: string }) => checkpoint.checkpoint_time)).toEqual(["2026-03-02T09:00:00", "2026-03-03T14:00:00"]);
  });

  it("takes 17TRACK's signed pushes through the same write path, refusing unsigned ones", async () => {
    const { organization, key } = await merchantWithKey();
    const number = "RB100000002GB";
    fake.script(number, ROYAL_MAIL, [
      { at: at(40), subStatus: "InTransit_Arrival", description: "Arrived at the delivery office" },
      { at: at(41), subStatus: "Delivered_Other", description: "Delivered" },
    ]);
    const created = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: number, slug: "royal-mail" } });
    const id = created.body.data.id as string;
    await jobs.drain();
    expect(fake.registered(number)).toBe(true);

    clock.advance("41h");
    fake.setNow(new Date(clock.now()));
    const url = "http://waybill.test/webhooks/providers/17track";
    const forged = fake.pushRequest(url, number);
    const unsigned = await handleProviderPush(new Request(url, { method: "POST", headers: { sign: "0".repeat(64) }, body: await forged.text() }), "17track");
    expect(unsigned.status).toBe(401);
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending" });

    const pushed = await handleProviderPush(fake.pushRequest(url, number), "17track");
    expect(pushed.status).toBe(200);
    expect(await pushed.json()).toMatchObject({ received: true, trackings: 1 });
    expect(await row(organization.id, id)).toMatchObject({ tag: "Delivered", active: false });
    await jobs.drain();
    expect(webhookTags(organization.id, id)).toEqual(["Delivered"]);
    expect(fake.stopped(number)).toBe(true);
    expect((await handleProviderPush(new Request(url, { method: "POST", body: "{}" }), "nope")).status).toBe(404);
  });
});
