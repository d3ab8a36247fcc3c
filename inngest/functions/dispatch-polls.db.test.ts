import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseKind } from "@/testing/create-test-database";
import { type NewTracking, trackings } from "@/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { claimDuePolls } from "@/lib/trackings/poll-dispatch";
import { POLL_LEASE_MS } from "@/lib/trackings/poll-schedule";
import { PollTestClock } from "@/testing/poll-test-clock";
import { createTestEngine, eventsSent, runsOf, stepsOf, type TestEngine } from "@/testing/inngest";
import { dispatchPolls } from "./dispatch-polls";

const database = setupTestDatabase();
// Server credentials for UPS and FedEx: their trackings are polled directly (the registry reads them
// when first used); a server 17TRACK key follows the couriers it knows for every organisation.
Object.assign(process.env, {
  UPS_CLIENT_ID: "ups-id",
  UPS_CLIENT_SECRET: "ups-secret",
  FEDEX_CLIENT_ID: "fedex-id",
  FEDEX_CLIENT_SECRET: "fedex-secret",
  TRACK17_API_KEY: "server-17track-key",
});
resetEnvForTests();
const engines: TestEngine[] = [];
const NOW = new Date(Date.UTC(2030, 0, 1, 0, 0, 30));

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(() => {
  vi.useRealTimers();
});

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  // Each test claims only its own trackings.
  await database.db.update(trackings).set({ active: false, nextPollAt: null });
});

let sequence = 0;

/** Due trackings of one courier, inserted directly (no first poll is requested). */
async function seed(organizationId: string, slug: string, count: number, overrides: Partial<NewTracking> = {}): Promise<string[]> {
  const rows: NewTracking[] = Array.from({ length: count }, (_, index) => {
    const trackingNumber = `${slug.toUpperCase()}${++sequence}`;
    return {
      organizationId,
      id: newId(),
      trackingNumber,
      slug,
      dedupeKey: `${slug}:${trackingNumber}`,
      title: trackingNumber,
      // Oldest first: the first row has waited longest.
      nextPollAt: new Date(NOW.getTime() - (count - index) * 1000),
      ...overrides,
    };
  });
  await database.db.insert(trackings).values(rows);
  return rows.map((row) => row.id);
}

async function nextPolls(ids: string[]): Promise<Map<string, Date | null>> {
  const rows = await database.db.select({ id: trackings.id, nextPollAt: trackings.nextPollAt }).from(trackings).where(inArray(trackings.id, ids));
  return new Map(rows.map((row) => [row.id, row.nextPollAt]));
}

describe("claiming due trackings", () => {
  it("gives two claims at the same instant disjoint sets, oldest first, each leased", async () => {
    const { organization } = await createTenant(database.db);
    const ids = await seed(organization.id, "ups", 50);
    const [first, second] = await Promise.all([claimDuePolls(database.db, NOW, 30), claimDuePolls(database.db, NOW, 30)]);
    const firstIds = first.map((claimed) => claimed.id);
    const secondIds = second.map((claimed) => claimed.id);
    expect(firstIds.length + secondIds.length).toBe(50);
    expect(firstIds.filter((id) => secondIds.includes(id))).toEqual([]);
    expect(new Set([...firstIds, ...secondIds])).toEqual(new Set(ids));
    // Each claim takes its rows oldest first. Which rows each gets is not fixed: with SKIP LOCKED,
    // one claim may pass over a row the other has just locked, so neither need hold the 30 oldest.
    const inDueOrder = (claimed: string[]) => ids.filter((id) => claimed.includes(id));
    expect(firstIds).toEqual(inDueOrder(firstIds));
    expect(secondIds).toEqual(inDueOrder(secondIds));

    // Leased: nobody claims them again until the lease ends.
    expect(await claimDuePolls(database.db, NOW, 100)).toEqual([]);
    expect([...(await nextPolls(ids)).values()].every((at) => at?.getTime() === NOW.getTime() + POLL_LEASE_MS)).toBe(true);
    expect(await claimDuePolls(database.db, new Date(NOW.getTime() + POLL_LEASE_MS), 100)).toHaveLength(50);
  });

  it("leaves inactive trackings and trackings not yet due alone", async () => {
    const { organization } = await createTenant(database.db);
    const due = await seed(organization.id, "ups", 2);
    await seed(organization.id, "ups", 2, { active: false });
    await seed(organization.id, "ups", 2, { nextPollAt: new Date(NOW.getTime() + 1000) });
    await seed(organization.id, "ups", 2, { nextPollAt: null });
    expect((await claimDuePolls(database.db, NOW, 100)).map((claimed) => claimed.id)).toEqual(due);
  });

  it.runIf(testDatabaseKind() === "postgres")("skips rows another instance is claiming instead of waiting for them", async () => {
    const { organization } = await createTenant(database.db);
    const ids = await seed(organization.id, "ups", 20);
    let inside: string[] = [];
    let beside: string[] = [];
    await database.db.transaction(async (tx) => {
      inside = (await claimDuePolls(tx, NOW, 10)).map((claimed) => claimed.id);
      // Another connection claims while this transaction still holds its rows.
      beside = (await claimDuePolls(database.db, NOW, 20)).map((claimed) => claimed.id);
    });
    expect(inside).toEqual(ids.slice(0, 10));
    expect(beside).toEqual(ids.slice(10));
  });
});

describe("dispatch-polls", () => {
  // Each test starts at its own hour: a cron slot runs once per database.
  async function start(startAt: Date): Promise<TestEngine> {
    const clock = new PollTestClock();
    clock.set(startAt);
    const engine = await createTestEngine({ db: database.db, functions: [dispatchPolls], clock });
    engines.push(engine);
    return engine;
  }

  it("fans out one poll per organisation, courier and connection, in the courier's batch size", async () => {
    const jobs = await start(NOW);
    const a = (await createTenant(database.db)).organization.id;
    const b = (await createTenant(database.db)).organization.id;
    const fedex = await seed(a, "fedex", 45);
    const ups = await seed(a, "ups", 25);
    const testing = await seed(a, "testing-courier", 3);
    const upsB = await seed(b, "ups", 5);
    const upsBConnected = await seed(b, "ups", 2, { courierConnectionId: "connection-1" });
    await jobs.advance("30s");

    const requested = (await eventsSent(database.db, "tracking/poll.requested")).map((event) => event.data);
    // Events sent together are stored in no particular order: sort the batches by their first tracking.
    const seeded = [...fedex, ...ups, ...testing, ...upsB, ...upsBConnected];
    const batches = (organizationId: string, slug: string) =>
      requested
        .filter((data) => data.organizationId === organizationId && data.slug === slug)
        .map((data) => data.trackingIds as string[])
        .sort((x, y) => seeded.indexOf(x[0]!) - seeded.indexOf(y[0]!));
    // FedEx answers 30 numbers per call; UPS one, so its polls carry 20 the adapter calls side by side.
    expect(batches(a, "fedex")).toEqual([fedex.slice(0, 30), fedex.slice(30)]);
    expect(batches(a, "ups")).toEqual([ups.slice(0, 20), ups.slice(20)]);
    expect(batches(a, "testing-courier")).toEqual([testing]);
    expect(batches(b, "ups")).toEqual([upsB, upsBConnected]);
  });

  it("fans out a provider's polls across couriers in its batch of 40, and the trackings nobody can follow together", async () => {
    const jobs = await start(new Date(NOW.getTime() + 2 * 3_600_000));
    const { organization } = await createTenant(database.db);
    const royalMail = await seed(organization.id, "royal-mail", 45);
    const cainiao = await seed(organization.id, "cainiao", 5);
    const fedex = await seed(organization.id, "fedex", 2);
    // 17TRACK has no code for ASM, and this server has no Ship24 key.
    const asm = await seed(organization.id, "asm", 3);
    await jobs.advance("30s");

    const requested = (await eventsSent(database.db, "tracking/poll.requested"))
      .map((event) => event.data)
      .filter((data) => data.organizationId === organization.id);
    const byRoute = (route: string) => requested.filter((data) => data.route === route);
    const viaProvider = byRoute("track17");
    expect(viaProvider.map((data) => (data.trackingIds as string[]).length).sort()).toEqual([10, 40]);
    expect(new Set(viaProvider.flatMap((data) => data.trackingIds as string[]))).toEqual(new Set([...royalMail, ...cainiao]));
    expect(viaProvider.every((data) => data.lane === "track17" && data.slug === undefined)).toBe(true);
    expect(byRoute("direct")).toEqual([expect.objectContaining({ slug: "fedex", lane: "fedex", trackingIds: fedex })]);
    expect(byRoute("untrackable")).toEqual([expect.objectContaining({ lane: "untrackable", trackingIds: asm })]);
  });

  it("claims in chunks until nothing is due", async () => {
    const startAt = new Date(NOW.getTime() + 3_600_000);
    const jobs = await start(startAt);
    const { organization } = await createTenant(database.db);
    const ids = await seed(organization.id, "fedex", 1_200);
    await jobs.advance("30s");
    const runs = async () => (await runsOf(database.db, "waybill-dispatch-polls")).filter((run) => run.createdAt >= startAt);
    const [run] = await runs();
    expect(run).toMatchObject({ status: "completed", output: { claimed: 1_200 } });
    expect((await stepsOf(database.db, run!.id)).map((step) => step.name)).toEqual([
      "claim-due-trackings-0",
      "request-polls-0",
      "claim-due-trackings-1",
      "request-polls-1",
    ]);
    const requested = (await eventsSent(database.db, "tracking/poll.requested")).flatMap((event) => event.data.trackingIds as string[]);
    expect(requested.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());

    // A minute later nothing is due: the run claims nothing and sends nothing.
    await jobs.advance("1m");
    const [, quiet] = await runs();
    expect(quiet).toMatchObject({ status: "completed", output: { claimed: 0 } });
    expect((await stepsOf(database.db, quiet!.id)).map((step) => step.name)).toEqual(["claim-due-trackings-0"]);
    const [first] = await database.db.select().from(trackings).where(eq(trackings.id, ids[0]!));
    expect(first!.nextPollAt).toEqual(new Date(startAt.getTime() + 30_000 + POLL_LEASE_MS));
  });
});
