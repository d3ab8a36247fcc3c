import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { followUps, trackings } from "@/db/schema";
import { inngest } from "@/lib/events/client";
import { dispatchPolls } from "@/inngest/functions/dispatch-polls";
import { pollTrackings } from "@/inngest/functions/poll-trackings";
import { sweepFollowUpsFunction } from "@/inngest/functions/sweep-follow-ups";
import { createTestEngine, eventsSent, type TestEngine } from "@/testing/inngest";
import { importTrackings } from "@/lib/dashboard/import-trackings";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTracking } from "@/lib/trackings/create-tracking";
import { markTrackingCompleted } from "@/lib/trackings/mark-tracking-completed";
import { PollTestClock } from "@/testing/poll-test-clock";
import { captureLog } from "@/lib/observability/log";
import { pollRequestsSent } from "@/lib/trackings/poll-requests";

const database = setupTestDatabase();
const clock = new PollTestClock(Date.UTC(2030, 0, 1, 0, 0, 10));
const engines: TestEngine[] = [];
let sequence = 0;
const testingNumber = () => `ITOD-1-${Date.now()}${++sequence}`;

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
});
afterAll(() => vi.useRealTimers());
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  await database.db.update(trackings).set({ active: false, nextPollAt: null });
});

async function startEngine(functions = [dispatchPolls, pollTrackings, sweepFollowUpsFunction]): Promise<TestEngine> {
  const engine = await createTestEngine({ db: database.db, functions, clock });
  engines.push(engine);
  return engine;
}

async function trackingRow(organizationId: string, id: string) {
  const [row] = await database.db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, id)));
  return row!;
}

/** The next send of events fails, as if the process died between the commit and the send. */
function loseNextSend() {
  vi.spyOn(inngest, "send").mockRejectedValueOnce(new Error("the process died"));
}

describe("follow-ups belong to the verbs", () => {
  it("a CSV import's trackings get their first poll and estimate at once, without the dispatcher", async () => {
    const { organization } = await createTenant(database.db);
    const jobs = await startEngine([pollTrackings]);
    const numbers = [testingNumber(), testingNumber(), testingNumber()];
    const result = await importTrackings(
      database.db,
      organization,
      `tracking_number,slug\n${numbers.map((number) => `${number},testing-courier`).join("\n")}\n`,
    );
    expect(result).toEqual({ created: 3, failed: [] });
    await jobs.drain();
    const rows = await database.db.select().from(trackings).where(eq(trackings.organizationId, organization.id));
    expect(rows.map((row) => row.trackedCount)).toEqual([1, 1, 1]);
    const estimates = (await eventsSent(database.db, "tracking/estimate.requested")).filter((event) => event.data.organizationId === organization.id);
    expect(new Set(estimates.flatMap((event) => event.data.trackingIds))).toEqual(new Set(rows.map((row) => row.id)));
  });

  it("a create whose send is lost still gets its first poll and estimate, from the dispatcher's next minute", async () => {
    const { organization } = await createTenant(database.db);
    const jobs = await startEngine();
    loseNextSend();
    const captured = captureLog();
    const { tracking } = await createTracking(database.db, organization, { trackingNumber: testingNumber(), slugs: ["testing-courier"], fields: {} });
    await pollRequestsSent();
    captured.restore();
    expect(captured.lines().some((line) => line.level === "warn" && line.event === "first_poll_not_requested")).toBe(true);
    await jobs.drain();
    expect((await trackingRow(organization.id, tracking.id)).trackedCount).toBe(0);
    await jobs.advance("1m");
    expect((await trackingRow(organization.id, tracking.id)).trackedCount).toBe(1);
    const estimates = await eventsSent(database.db, "tracking/estimate.requested");
    expect(estimates.some((event) => (event.data.trackingIds as string[]).includes(tracking.id))).toBe(true);
  });

  it("mark as completed records its announcement with the change: a lost send is sent by the sweep, once", async () => {
    const { organization } = await createTenant(database.db);
    const { tracking } = await createTracking(database.db, organization, { trackingNumber: testingNumber(), slugs: ["testing-courier"], fields: {} });
    // The create's first-poll request goes out on a timer; sent later, it could take the lost send meant for the completion.
    await pollRequestsSent();
    const jobs = await startEngine([sweepFollowUpsFunction]);
    loseNextSend();
    const captured = captureLog();
    const change = await markTrackingCompleted(database.db, organization.id, { id: tracking.id }, { reason: "DELIVERED" });
    captured.restore();
    expect(captured.lines().some((line) => line.event === "follow_ups_not_sent")).toBe(true);
    expect(change.record.tracking.tag).toBe("Delivered");
    const announced = async () => (await eventsSent(database.db, "tracking/updated")).filter((event) => event.data.trackingId === tracking.id);
    expect(await announced()).toHaveLength(0);
    expect(await database.db.select().from(followUps).where(eq(followUps.organizationId, organization.id))).toHaveLength(1);

    await jobs.advance("1m");
    expect(await announced()).toMatchObject([{ data: { tag: "Delivered", previousTag: "Pending", tagChanged: true } }]);
    expect(await database.db.select().from(followUps).where(eq(followUps.organizationId, organization.id))).toHaveLength(0);
    await jobs.advance("1m");
    expect(await announced()).toHaveLength(1);
  });

  it("mark as completed announces at once when the send works, leaving no follow-up behind", async () => {
    const { organization } = await createTenant(database.db);
    const { tracking } = await createTracking(database.db, organization, { trackingNumber: testingNumber(), slugs: ["testing-courier"], fields: {} });
    await markTrackingCompleted(database.db, organization.id, { id: tracking.id }, { reason: "LOST" });
    const announced = (await eventsSent(database.db, "tracking/updated")).filter((event) => event.data.trackingId === tracking.id);
    expect(announced).toMatchObject([{ data: { tag: "Exception" } }]);
    expect(await database.db.select().from(followUps).where(eq(followUps.organizationId, organization.id))).toHaveLength(0);
  });
});
