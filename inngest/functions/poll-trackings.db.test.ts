import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkpoints, trackings } from "@/db/schema";
import { FIXTURE_NUMBERS, type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTracking as createTrackingRecord } from "@/lib/trackings/create-tracking";
import { PollTestClock } from "@/testing/poll-test-clock";
import { inngest } from "@/lib/events/client";
import { createTestEngine, eventsSent, runsOf, stepsOf, type TestEngine } from "@/testing/inngest";
import { dispatchPolls } from "./dispatch-polls";
import { pollTrackings } from "./poll-trackings";
import { captureLog } from "@/lib/observability/log";

const database = setupTestDatabase();
const clock = new PollTestClock(Date.UTC(2030, 0, 1, 0, 0, 30));
let server: FakeCarrierServer;
const engines: TestEngine[] = [];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  // The registry reads the carriers' base URLs and keys from the environment when first used.
  server = await startFakeCarrierServer({ recordRequests: false });
  Object.assign(process.env, server.env);
});
afterAll(async () => {
  await server.close();
  vi.useRealTimers();
});
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  // Failures only: a reset would also revoke the tokens the adapters have cached.
  server.clearFailures();
  // Each test polls only its own trackings.
  await database.db.update(trackings).set({ active: false, nextPollAt: null });
});

/** Calls to a carrier's tracking endpoint from now on. */
function trackCalls(carrier: "dhl" | "ups" | "fedex" | "usps"): () => number {
  const before = server.requestCount(carrier, "track");
  return () => server.requestCount(carrier, "track") - before;
}

async function startEngine(): Promise<TestEngine> {
  const engine = await createTestEngine({ db: database.db, functions: [dispatchPolls, pollTrackings], clock });
  engines.push(engine);
  return engine;
}

async function createTracking(key: string, slug: string, trackingNumber: string): Promise<string> {
  const res = await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: trackingNumber, slug } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

async function row(organizationId: string, id: string) {
  const [found] = await database.db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, id)));
  return found!;
}

async function checkpointCount(id: string): Promise<number> {
  return (await database.db.select().from(checkpoints).where(eq(checkpoints.trackingId, id))).length;
}

async function updatesOf(id: string) {
  return (await eventsSent(database.db, "tracking/updated")).map((event) => event.data).filter((data) => data.trackingId === id);
}

async function pollRunsOf(id: string) {
  return (await runsOf(database.db, "waybill-poll-trackings")).filter((run) => (run.event.data.trackingIds as string[]).includes(id));
}

describe("polling a testing-courier tracking", () => {
  it("moves ITOD-1 from Pending to Delivered a minute a step, announcing each step once, then stops", async () => {
    const jobs = await startEngine();
    const { key, organization } = await createTenant(database.db);
    const createdAt = clock.now();
    const id = await createTracking(key, "testing-courier", "ITOD-1-6436426452526");
    await jobs.drain();
    // The first poll ran at once: nothing has happened yet, and the next poll waits for the first step.
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending", trackedCount: 1, active: true, nextPollAt: new Date(createdAt + 60_000) });

    const seen: string[] = [];
    for (let minute = 0; minute < 5; minute++) {
      await jobs.advance("1m");
      seen.push((await row(organization.id, id)).tag);
    }
    // Steps land at +1…+4 min (00:01:30…); the dispatcher runs on the minute, so each shows at the next whole minute.
    expect(seen).toEqual(["Pending", "InfoReceived", "InTransit", "OutForDelivery", "Delivered"]);

    const delivered = await row(organization.id, id);
    expect(delivered).toMatchObject({ active: false, nextPollAt: null, subtag: "Delivered_001", trackedCount: 5 });
    const res = await callApi("GET", `/tracking/2025-04/trackings/${id}`, { key });
    const stored = res.body.data.checkpoints as Record<string, unknown>[];
    expect(stored.map((checkpoint) => [checkpoint.tag, checkpoint.subtag, checkpoint.raw_tag, checkpoint.checkpoint_time])).toEqual([
      // America/Denver is UTC−7 in January: 00:01:30Z is 17:01:30 the evening before.
      ["InfoReceived", "InfoReceived_001", "InfoReceived_001", "2029-12-31T17:01:30"],
      ["InTransit", "InTransit_001", "InTransit_001", "2029-12-31T17:02:30"],
      ["OutForDelivery", "OutForDelivery_001", "OutForDelivery_001", "2029-12-31T17:03:30"],
      ["Delivered", "Delivered_001", "Delivered_001", "2029-12-31T17:04:30"],
    ]);

    expect(await updatesOf(id)).toEqual([
      // The first answer tells the expected delivery date: a change, though not of status.
      {
        organizationId: organization.id,
        trackingId: id,
        tag: "Pending",
        previousTag: "Pending",
        isFirstTag: false,
        tagChanged: false,
        hasContacts: false,
        storeShipped: false,
        updatedAt: "2030-01-01T00:00:30.000Z",
        changeId: expect.stringMatching(/^chg_/),
      },
      {
        organizationId: organization.id,
        trackingId: id,
        tag: "InfoReceived",
        previousTag: "Pending",
        isFirstTag: true,
        tagChanged: true,
        hasContacts: false,
        storeShipped: false,
        updatedAt: "2030-01-01T00:02:00.000Z",
        changeId: expect.stringMatching(/^chg_/),
      },
      {
        organizationId: organization.id,
        trackingId: id,
        tag: "InTransit",
        previousTag: "InfoReceived",
        isFirstTag: true,
        tagChanged: true,
        hasContacts: false,
        storeShipped: false,
        updatedAt: "2030-01-01T00:03:00.000Z",
        changeId: expect.stringMatching(/^chg_/),
      },
      {
        organizationId: organization.id,
        trackingId: id,
        tag: "OutForDelivery",
        previousTag: "InTransit",
        isFirstTag: true,
        tagChanged: true,
        hasContacts: false,
        storeShipped: false,
        updatedAt: "2030-01-01T00:04:00.000Z",
        changeId: expect.stringMatching(/^chg_/),
      },
      {
        organizationId: organization.id,
        trackingId: id,
        tag: "Delivered",
        previousTag: "OutForDelivery",
        isFirstTag: true,
        tagChanged: true,
        hasContacts: false,
        storeShipped: false,
        updatedAt: "2030-01-01T00:05:00.000Z",
        changeId: expect.stringMatching(/^chg_/),
      },
    ]);
    const estimates = (await eventsSent(database.db, "tracking/estimate.requested")).filter((event) => (event.data.trackingIds as string[]).includes(id));
    // One asked for at creation, then one per poll that brought a checkpoint.
    expect(estimates).toHaveLength(5);

    // Delivered is final: the dispatcher polls it no more.
    const runs = (await pollRunsOf(id)).length;
    await jobs.advance("15m");
    expect(await pollRunsOf(id)).toHaveLength(runs);
    expect((await row(organization.id, id)).trackedCount).toBe(5);
  });

  it("flags a return to a tag it has reached before as not the first", async () => {
    const jobs = await startEngine();
    const { key, organization } = await createTenant(database.db);
    const id = await createTracking(key, "testing-courier", "TET-1-1200");
    await jobs.drain();
    await jobs.advance("4m");
    expect(await row(organization.id, id)).toMatchObject({ tag: "InTransit", active: true });
    expect((await updatesOf(id)).map((update) => [update.previousTag, update.tag, update.isFirstTag])).toEqual([
      ["Pending", "InTransit", true],
      ["InTransit", "Exception", true],
      ["Exception", "InTransit", false],
    ]);
  });
});

describe("carrier failures", () => {
  it("retries a carrier error with back-off and recovers", async () => {
    const jobs = await startEngine();
    const { key, organization } = await createTenant(database.db);
    const calls = trackCalls("ups");
    server.fail("ups", { kind: "server_error" }, { endpoint: "track", times: 2 });
    const id = await createTracking(key, "ups", FIXTURE_NUMBERS.ups.inTransit);
    await jobs.drain();
    const [run] = await pollRunsOf(id);
    expect(run).toMatchObject({ status: "retrying" });
    expect(calls()).toBe(1);

    // 10 s, then 20 s: nothing before each back-off ends.
    await jobs.advance("9s");
    expect(calls()).toBe(1);
    await jobs.advance("1s");
    expect(calls()).toBe(2);
    await jobs.advance("20s");
    expect(calls()).toBe(3);

    const [done] = await pollRunsOf(id);
    expect(done).toMatchObject({ status: "completed", output: { polled: 1, changed: 1 } });
    expect(await row(organization.id, id)).toMatchObject({ tag: "InTransit", trackedCount: 1, active: true });
    expect(await updatesOf(id)).toHaveLength(1);
  });

  it("waits as long as a 429's Retry-After says", async () => {
    const jobs = await startEngine();
    const { key, organization } = await createTenant(database.db);
    const calls = trackCalls("ups");
    server.fail("ups", { kind: "rate_limited", retryAfterSeconds: 120 }, { endpoint: "track", times: 1 });
    const id = await createTracking(key, "ups", FIXTURE_NUMBERS.ups.delivered);
    await jobs.drain();
    // The dispatcher must not hand the tracking out again while the poll waits.
    expect((await row(organization.id, id)).nextPollAt!.getTime()).toBeGreaterThan(clock.now() + 120_000);
    await jobs.advance("119s");
    expect(calls()).toBe(1);
    await jobs.advance("1s");
    expect(calls()).toBe(2);
    expect(await row(organization.id, id)).toMatchObject({ tag: "Delivered", active: false, trackedCount: 1 });
  });

  it("stops retrying when the carrier refuses the credentials, says so in one line, and comes back hours later", async () => {
    const jobs = await startEngine();
    const { key, organization } = await createTenant(database.db);
    const calls = trackCalls("dhl");
    server.fail("dhl", { kind: "auth" });
    const captured = captureLog();
    const id = await createTracking(key, "dhl", FIXTURE_NUMBERS.dhl.delivered);
    await jobs.drain();
    const [run] = await pollRunsOf(id);
    // A refusal is a state to fix, not a crash: the run ends, the reason and the next try in its output.
    const until = new Date(clock.now() + 6 * 3_600_000);
    expect(run).toMatchObject({
      status: "completed",
      output: { polled: 0, postponed: { reason: expect.stringContaining("dhl refused the poll"), until: until.toISOString() } },
    });
    expect(calls()).toBe(1);
    expect((await row(organization.id, id)).nextPollAt).toEqual(until);
    captured.restore();
    expect(captured.lines().filter((line) => line.level === "error")).toEqual([]);
    expect(captured.lines().map((line) => line.level === "warn" && !line.err && !line.msg.includes("\n"))).toEqual([true]);

    await jobs.advance("1h");
    expect(calls()).toBe(1);
    server.clearFailures();
    clock.set(clock.now() + 5 * 3_600_000);
    await jobs.drain();
    expect(calls()).toBe(2);
    expect(await row(organization.id, id)).toMatchObject({ tag: "Delivered", active: false });
  });

  it("loses nothing when the runner restarts after a failed attempt, and stores nothing twice", async () => {
    const first = await startEngine();
    const { key, organization } = await createTenant(database.db);
    server.fail("fedex", { kind: "server_error", status: 503 }, { endpoint: "track", times: 1 });
    const id = await createTracking(key, "fedex", FIXTURE_NUMBERS.fedex.delivered);
    await first.drain();
    const [waiting] = await pollRunsOf(id);
    expect(waiting).toMatchObject({ status: "retrying" });
    await first.stop();

    // A new process on the same database: the run's wake-up is found and the poll completes.
    const second = await startEngine();
    await second.advance("10s");
    const [run] = await pollRunsOf(id);
    expect(run).toMatchObject({ id: waiting!.id, status: "completed" });
    // A create's poll asks for the new tracking's estimate first; that step is not repeated either. The
    // changes are announced by the store itself, recorded in its transaction (lib/trackings/store-poll-answers.ts).
    expect((await stepsOf(database.db, run!.id)).map((step) => step.name)).toEqual(["request-estimates", "poll-carrier"]);
    const count = await checkpointCount(id);
    expect(count).toBeGreaterThan(0);
    expect(await updatesOf(id)).toHaveLength(1);

    // The same answer again (a repeated event, a step run twice): no new checkpoint, no new announcement.
    await database.db.update(trackings).set({ active: true }).where(eq(trackings.id, id));
    await second.send({ name: "tracking/poll.requested", data: { organizationId: organization.id, slug: "fedex", trackingIds: [id] } });
    await second.drain();
    expect(await checkpointCount(id)).toBe(count);
    expect(await updatesOf(id)).toHaveLength(1);
  });
});

describe("lifecycle", () => {
  it("expires a tracking the carrier never finds after 30 days, once", async () => {
    const jobs = await startEngine();
    const { key, organization } = await createTenant(database.db);
    const createdAt = clock.now();
    const id = await createTracking(key, "usps", FIXTURE_NUMBERS.usps.notFound);
    await jobs.drain();
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending", trackedCount: 1 });

    // Jump (one dispatcher slot each) to just before and just after the 30 days.
    clock.set(createdAt + 30 * 86_400_000 - 60_000);
    await jobs.drain();
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending", active: true, trackedCount: 2 });
    clock.set(createdAt + 30 * 86_400_000 + 60_000);
    await jobs.drain();
    expect(await row(organization.id, id)).toMatchObject({ tag: "Expired", subtag: "Expired_001", active: false, nextPollAt: null, trackedCount: 3 });
    expect(await updatesOf(id)).toEqual([expect.objectContaining({ tag: "Expired", previousTag: "Pending", isFirstTag: true, tagChanged: true })]);
    expect(await checkpointCount(id)).toBe(0);

    await jobs.advance("1h");
    expect((await row(organization.id, id)).trackedCount).toBe(3);

    // Retrack starts it over: polled at once, and the 30 days count again.
    const retrack = await callApi("POST", `/tracking/2025-04/trackings/${id}/retrack`, { key });
    expect(retrack.status, JSON.stringify(retrack.body)).toBe(200);
    await jobs.drain();
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending", active: true, trackedCount: 4 });
  });

  it("polls the corrected courier at once, and drops an answer for the old one", async () => {
    const jobs = await startEngine();
    const { key, organization } = await createTenant(database.db);
    const id = await createTracking(key, "fedex", FIXTURE_NUMBERS.dhl.delivered);
    await jobs.drain();
    expect(await row(organization.id, id)).toMatchObject({ slug: "fedex", tag: "Pending", trackedCount: 1 });

    const corrected = await callApi("PUT", `/tracking/2025-04/trackings/${id}`, { key, body: { slug: "dhl" } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    await jobs.drain();
    expect(await row(organization.id, id)).toMatchObject({ slug: "dhl", tag: "Delivered", active: false });

    // A poll requested for the old courier before the correction finds nothing to do.
    const earlier = new Set((await pollRunsOf(id)).map((run) => run.id));
    await jobs.send({ name: "tracking/poll.requested", data: { organizationId: organization.id, slug: "fedex", trackingIds: [id] } });
    await jobs.drain();
    const [stale] = (await pollRunsOf(id)).filter((run) => !earlier.has(run.id));
    expect(stale).toMatchObject({ status: "completed", output: { polled: 0, skipped: 1, changed: 0 } });
  });

  it("keeps a tracking nobody can follow off the minute-by-minute polls, says why, and expires it", async () => {
    const jobs = await startEngine();
    const { key, organization } = await createTenant(database.db);
    const createdAt = clock.now();
    const id = await createTracking(key, "cainiao", "LP00123456789012");
    await jobs.drain();
    expect(await row(organization.id, id)).toMatchObject({
      tag: "Pending",
      subtagMessage: "Not trackable: no tracking provider is set up to follow Cainiao",
      trackedCount: 0,
      nextPollAt: new Date(createdAt + 6 * 3_600_000),
    });
    await jobs.advance("10m");
    expect(await pollRunsOf(id)).toHaveLength(1);
    // The reason is not news for webhooks.
    expect(await updatesOf(id)).toEqual([]);

    clock.set(createdAt + 30 * 86_400_000);
    await jobs.drain();
    expect(await row(organization.id, id)).toMatchObject({ tag: "Expired", active: false });
    expect(await updatesOf(id)).toEqual([expect.objectContaining({ tag: "Expired", isFirstTag: true })]);
  });
});

describe("carriers end to end", () => {
  it("polls DHL, UPS, FedEx and USPS through the registry against the fake carrier server", async () => {
    const jobs = await startEngine();
    const { key, organization } = await createTenant(database.db);
    const ids: Record<string, string> = {};
    for (const carrier of ["dhl", "ups", "fedex", "usps"] as const) {
      ids[carrier] = await createTracking(key, carrier, FIXTURE_NUMBERS[carrier].delivered);
    }
    await jobs.drain();
    for (const [carrier, id] of Object.entries(ids)) {
      const tracking = await row(organization.id, id);
      expect(tracking, carrier).toMatchObject({ tag: "Delivered", active: false, nextPollAt: null, trackedCount: 1 });
      expect(await checkpointCount(id), carrier).toBeGreaterThan(1);
      expect(await updatesOf(id), carrier).toEqual([expect.objectContaining({ tag: "Delivered", previousTag: "Pending", isFirstTag: true })]);
    }
  });

  it("asks FedEx about a dispatcher batch of its trackings in one call", async () => {
    const jobs = await startEngine();
    const { organization } = await createTenant(database.db);
    const calls = trackCalls("fedex");
    const numbers = [FIXTURE_NUMBERS.fedex.inTransit, FIXTURE_NUMBERS.fedex.exception, FIXTURE_NUMBERS.fedex.notFound];
    // Created while their first-poll requests are lost: the dispatcher finds all three due.
    const ids: string[] = [];
    const lost = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);
    for (const trackingNumber of numbers) {
      ids.push((await createTrackingRecord(database.db, organization, { trackingNumber, slugs: ["fedex"], fields: {} })).tracking.id);
    }
    lost.mockRestore();
    await jobs.advance("1m");
    const runs = (await runsOf(database.db, "waybill-poll-trackings")).filter((run) => run.event.data.organizationId === organization.id);
    // All three were due at the same instant, so their order inside the batch is not defined.
    expect(runs.map((run) => [...(run.event.data.trackingIds as string[])].sort())).toEqual([[...ids].sort()]);
    expect(calls()).toBe(1);
    expect((await row(organization.id, ids[0]!)).tag).toBe("InTransit");
    expect((await row(organization.id, ids[1]!)).tag).toBe("Exception");
    expect(await row(organization.id, ids[2]!)).toMatchObject({ tag: "Pending", trackedCount: 1 });
  });
});
