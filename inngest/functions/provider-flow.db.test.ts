import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, onTestFinished } from "vitest";
import { trackings } from "@/db/schema";
import * as trackingById from "@/app/api/dashboard/trackings/[id]/route";
import * as trackingList from "@/app/api/dashboard/trackings/route";
import { addMember } from "@/lib/accounts/add-member";
import { handleProviderPush } from "@/lib/api/provider-push";
import { startFakeTrack17, type FakeTrack17 } from "@/testing/carriers/fake-track17-server";
import { createCourierConnection } from "@/lib/connections/create-courier-connection";
import { listProviderKeys } from "@/lib/connections/list-provider-keys";
import { saveProviderKey } from "@/lib/connections/save-provider-key";
import { getDashboardUser, type DashboardUser } from "@/lib/dashboard/session";
import { resetEnvForTests } from "@/lib/env";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { PollTestClock } from "@/testing/poll-test-clock";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { createTestEngine, runsOf, type TestEngine } from "@/testing/inngest";
import { runProviderCall } from "./run-provider-call";
import { deliverWebhook } from "./deliver-webhook";
import { dispatchPolls } from "./dispatch-polls";
import { fanOutWebhooks } from "./fan-out-webhooks";
import { pollTrackings } from "./poll-trackings";
import { captureLog } from "@/lib/observability/log";

vi.mock("@/lib/dashboard/session", () => ({ getDashboardUser: vi.fn() }));

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
  jobs = await createTestEngine({ db: database.db, functions: [dispatchPolls, pollTrackings, runProviderCall, fanOutWebhooks, deliverWebhook], clock });
});
afterAll(async () => {
  await jobs.stop();
  await Promise.all([fake.close(), receiver.close()]);
  vi.useRealTimers();
});

afterEach(async () => {
  vi.restoreAllMocks();
  // Each test polls only its own trackings: a clock jump must not wake an earlier test's.
  await database.db.update(trackings).set({ nextPollAt: null });
});

async function row(organizationId: string, id: string) {
  const [found] = await database.db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, id)));
  return found!;
}

const at = (hours: number) => new Date(Date.UTC(2026, 2, 2, 8) + hours * 3_600_000).toISOString().replace(".000Z", "+00:00");

async function merchantWithKey(credentials: Record<string, string> = {}) {
  const { organization, key } = await createTenant(database.db);
  fake.setNow(new Date(clock.now()));
  await saveProviderKey(database.db, organization.id, "track17", { apiKey: KEY, ...credentials });
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
    expect(answer.body.data.checkpoints.map((checkpoint: { checkpoint_time: string }) => checkpoint.checkpoint_time)).toEqual([
      "2026-03-02T09:00:00",
      "2026-03-03T14:00:00",
    ]);
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

describe("a push for a number 17TRACK does not follow here", () => {
  it("never reaches a tracking polled directly, even signed with the server's key that speaks for its organisation", async () => {
    process.env.TRACK17_API_KEY = KEY;
    resetEnvForTests();
    try {
      // No 17TRACK key of its own, and a Royal Mail connection: its tracking is polled directly.
      const { organization, key } = await createTenant(database.db);
      await createCourierConnection(database.db, organization.id, {
        courierSlug: "royal-mail",
        credentials: { client_id: "rm-client", client_secret: "rm-secret-0123456789" },
      });
      const number = "RB100000077GB";
      fake.setNow(new Date(clock.now() + 2 * 3_600_000));
      fake.script(number, ROYAL_MAIL, [{ at: at(1), subStatus: "Delivered_Other", description: "Delivered somewhere else" }], { registered: true });
      const created = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: number, slug: "royal-mail" } });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      const before = await row(organization.id, id);
      const pushed = await handleProviderPush(fake.pushRequest("http://waybill.test/webhooks/providers/17track", number), "17track");
      expect(pushed.status).toBe(200);
      expect(await pushed.json()).toMatchObject({ received: true, trackings: 0 });
      expect(await row(organization.id, id)).toMatchObject({ tag: before.tag, lastUpdatedAt: before.lastUpdatedAt });
    } finally {
      delete process.env.TRACK17_API_KEY;
      resetEnvForTests();
    }
  });
});

type Route = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

const members = new Map<string, DashboardUser>();

/** A dashboard route as a member of the organisation sees it. */
async function asMember(organizationId: string, route: Route, path: string, params: object = {}) {
  const [organization] = await database.db.query.organizations.findMany({ where: (table, { eq: equals }) => equals(table.id, organizationId) });
  let user = members.get(organizationId);
  if (!user) {
    const member = await addMember(database.db, organizationId, { email: `member-${organizationId}@example.com`, role: "member" });
    user = { id: member.userId, email: member.email, name: null, role: "member", organization: organization! };
    members.set(organizationId, user);
  }
  vi.mocked(getDashboardUser).mockResolvedValue(user);
  const response = await route(new Request(`http://waybill.test${path}`), { params: Promise.resolve(params) });
  return response.json();
}

/** What was logged, one string per line: a stack trace would show as an `err` with its frames. */
function logSpies() {
  const captured = captureLog();
  onTestFinished(() => captured.restore());
  return () => captured.lines().map((line) => [line.msg, line.err ? JSON.stringify(line.err) : ""].join(" ").trim());
}

describe("the same royal-mail tracking without any tracking-provider key or Royal Mail connection", () => {
  it("stays Pending with the reason in the API and the dashboard, logs no stack trace, and is followed once a key is added", async () => {
    const logged = logSpies();
    const { organization, key } = await createTenant(database.db);
    const number = "RB100000003GB";
    fake.setNow(new Date(clock.now()));
    fake.script(number, ROYAL_MAIL, [{ at: at(-1), subStatus: "InTransit_PickedUp", description: "We've got it", city: "London", country: "GB" }]);
    const callsBefore = fake.calls.length;
    const created = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: number, slug: "royal-mail" } });
    const id = created.body.data.id as string;
    await jobs.drain();

    // Royal Mail has a direct adapter: a connection would do as well as a provider key.
    const reason = "Not trackable: no Royal Mail connection and no server credentials for Royal Mail";
    const answer = await callApi("GET", `/2025-04/trackings/${id}`, { key });
    expect(answer.body.data).toMatchObject({ tag: "Pending", subtag: "Pending_001", subtag_message: reason, checkpoints: [] });
    expect(fake.calls.length).toBe(callsBefore);

    const advice = {
      reason: "no_credentials",
      message:
        "Nobody asks Royal Mail about this shipment: this server has no Royal Mail credentials and your organisation has no Royal Mail connection. 17TRACK or Ship24 can follow Royal Mail with your key.",
      actions: [
        { label: "Connect Royal Mail", href: "/settings/connections" },
        { label: "add a tracking provider", href: "/settings/tracking-providers" },
      ],
    };
    expect(await asMember(organization.id, trackingById.GET, `/api/dashboard/trackings/${id}`, { id })).toMatchObject({
      subtag_message: reason,
      not_trackable: advice,
    });
    const list = await asMember(organization.id, trackingList.GET, "/api/dashboard/trackings");
    expect(list.trackings).toEqual([expect.objectContaining({ id, subtag_message: reason, not_trackable: advice })]);
    expect(logged().filter((line) => line.includes("\n") || line.includes("    at "))).toEqual([]);
    expect(logged().every((line) => line.startsWith("Waybill"))).toBe(true);

    // A key: the tracking is asked of 17TRACK at the dispatcher's next minute, no six hours later.
    await saveProviderKey(database.db, organization.id, "track17", { apiKey: KEY });
    await jobs.advance("1m");
    expect(fake.registered(number)).toBe(true);
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending", subtagMessage: "Pending", trackedCount: 1 });
    expect(await asMember(organization.id, trackingById.GET, `/api/dashboard/trackings/${id}`, { id })).toMatchObject({ not_trackable: null });
  });
});

describe("polling while 17TRACK pushes", () => {
  it("polls provider-tracked trackings every 12 hours while push is on for the key, else on the usual schedule", async () => {
    const pushed = await merchantWithKey({ push: "on" });
    const polled = await merchantWithKey();
    const ids: string[] = [];
    for (const [index, merchant] of [pushed, polled].entries()) {
      const number = `RB10000001${index}GB`;
      fake.script(number, ROYAL_MAIL, [{ at: at(-2), subStatus: "InTransit_PickedUp", description: "We've got it" }], { registered: true });
      const created = await callApi("POST", "/2025-04/trackings", { key: merchant.key, body: { tracking_number: number, slug: "royal-mail" } });
      ids.push(created.body.data.id as string);
    }
    await jobs.drain();
    const now = clock.now();
    expect(await row(pushed.organization.id, ids[0]!)).toMatchObject({ tag: "InTransit", nextPollAt: new Date(now + 12 * 3_600_000) });
    // In transit for two hours: hourly, as the table says.
    expect(await row(polled.organization.id, ids[1]!)).toMatchObject({ tag: "InTransit", nextPollAt: new Date(now + 60 * 60_000) });
    // The settings page says which.
    const pushOf = async (organizationId: string) => (await listProviderKeys(database.db, organizationId)).find((view) => view.provider === "track17")!.push;
    expect([await pushOf(pushed.organization.id), await pushOf(polled.organization.id)]).toEqual([true, false]);
  });
});

describe("telling 17TRACK about the merchant's changes", () => {
  async function followed(merchant: { key: string }, number: string) {
    fake.script(number, ROYAL_MAIL, [{ at: at(-2), subStatus: "InTransit_PickedUp", description: "We've got it" }], { registered: true });
    const created = await callApi("POST", "/2025-04/trackings", { key: merchant.key, body: { tracking_number: number, slug: "royal-mail" } });
    await jobs.drain();
    return created.body.data.id as string;
  }
  const callsTo = (endpoint: string, number: string) => fake.calls.filter((call) => call.endpoint === endpoint && call.numbers.includes(number)).length;

  it("stops a completed tracking, restarts it on retrack, changes the carrier of a corrected one, and stops a deleted one even while 17TRACK is down", async () => {
    const merchant = await merchantWithKey();
    const completed = await followed(merchant, "RB100000020GB");
    // Lost, not delivered: a retrack then follows it on (a delivered one would end again at its first poll).
    expect((await callApi("POST", `/2025-04/trackings/${completed}/mark-as-completed`, { key: merchant.key, body: { reason: "LOST" } })).status).toBe(200);
    await jobs.drain();
    expect(fake.stopped("RB100000020GB")).toBe(true);
    expect((await callApi("POST", `/2025-04/trackings/${completed}/retrack`, { key: merchant.key })).status).toBe(200);
    await jobs.drain();
    expect(callsTo("retrack", "RB100000020GB")).toBe(1);
    expect(fake.stopped("RB100000020GB")).toBe(false);

    const corrected = await followed(merchant, "RB100000021GB");
    expect((await callApi("PUT", `/2025-04/trackings/${corrected}`, { key: merchant.key, body: { slug: "la-poste-colissimo" } })).status).toBe(200);
    await jobs.drain();
    expect(callsTo("changecarrier", "RB100000021GB")).toBe(1);
    expect(callsTo("stoptrack", "RB100000021GB")).toBe(0);

    const logged = logSpies();
    const deleted = await followed(merchant, "RB100000022GB");
    fake.failNext("down");
    const before = fake.calls.length;
    expect((await callApi("DELETE", `/2025-04/trackings/${deleted}`, { key: merchant.key })).status).toBe(200);
    await jobs.drain();
    expect(fake.calls.slice(before)).toEqual([{ endpoint: "stoptrack", numbers: ["RB100000022GB"] }]);
    expect(fake.stopped("RB100000022GB")).toBe(false);
    // Tried again a minute later, without an error in the log.
    await jobs.advance("1m");
    expect(fake.stopped("RB100000022GB")).toBe(true);
    expect(logged().filter((line) => line.includes("\n") || line.includes("    at "))).toEqual([]);
  });
});

describe("17TRACK holding polls back", () => {
  it("postpones through a used-up quota and a refused key with the reason on the key, never retrying in a loop, and clears it once a call succeeds", async () => {
    const logged = logSpies();
    const merchant = await merchantWithKey();
    const number = "RB100000030GB";
    fake.script(number, ROYAL_MAIL, [{ at: at(-1), subStatus: "InTransit_PickedUp", description: "We've got it" }]);
    fake.setQuota(0);
    const id = (await callApi("POST", "/2025-04/trackings", { key: merchant.key, body: { tracking_number: number, slug: "royal-mail" } })).body.data
      .id as string;
    await jobs.drain();
    const lastError = async () => (await listProviderKeys(database.db, merchant.organization.id)).find((view) => view.provider === "track17")!.lastError;
    expect(await lastError()).toMatch(/^17TRACK held back the poll: 17TRACK quota exhausted/);
    // 17TRACK says nothing of when quota comes back: six hours (and the lease) later.
    const quotaRetry = (await row(merchant.organization.id, id)).nextPollAt!;
    expect(quotaRetry.getTime()).toBe(clock.now() + 6 * 3_600_000 + 15 * 60_000);
    const calls = fake.calls.length;
    await jobs.advance("10m");
    expect(fake.calls.length).toBe(calls);

    // Past the wait, the key is refused: six hours more, said on the key.
    fake.setQuota(100);
    fake.failNext("auth");
    clock.set(Math.ceil(quotaRetry.getTime() / 60_000) * 60_000);
    await jobs.drain();
    expect(await lastError()).toMatch(/^17TRACK refused the poll: 17TRACK rejected the credentials \(401\)/);
    const keyRetry = (await row(merchant.organization.id, id)).nextPollAt!;
    expect(keyRetry.getTime()).toBe(clock.now() + 6 * 3_600_000);

    clock.set(Math.ceil(keyRetry.getTime() / 60_000) * 60_000);
    await jobs.drain();
    expect(fake.registered(number)).toBe(true);
    expect(await lastError()).toBeNull();
    const runs = (await runsOf(database.db, "waybill-poll-trackings")).filter((run) => run.event.data.organizationId === merchant.organization.id);
    expect(runs.map((run) => run.status)).toEqual(runs.map(() => "completed"));
    expect(logged().filter((line) => line.includes("\n") || line.includes("    at "))).toEqual([]);
  });
});
