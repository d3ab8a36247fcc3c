import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { inngest } from "@/lib/events/client";
import { defineEvent } from "@/lib/events/events";
import { ManualClock, runsOf, stepsOf } from "@/testing/inngest";
import { EmbeddedEngine } from "./engine";
import { MemoryQueue } from "./memory-queue";
import { PgBossQueue } from "./pg-boss-queue";
import { runJobKey } from "./queue";

const database = setupTestDatabase();

const parcelSorted = defineEvent("fast-path-parcel/sorted", z.object({ parcel: z.string() }));

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the runs");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const allCompleted = (functionId: string, count: number) => async () => {
  const runs = await runsOf(database.db, functionId);
  return runs.length === count && runs.every((run) => run.status === "completed");
};

describe("runs due now start in-process", () => {
  it("completes a new run without waiting for a queue poll", { timeout: 60_000 }, async () => {
    const fn = inngest.createFunction({ id: "fast-now", triggers: [parcelSorted] }, async ({ step }) => step.run("sort", () => "sorted"));
    // A poll every 30 s: only the in-process start can finish the run within the deadline below.
    const engine = new EmbeddedEngine({
      client: inngest,
      functions: [fn],
      db: database.db,
      queue: new PgBossQueue(database.handle, { pollingIntervalSeconds: 30 }),
    });
    await engine.start();
    try {
      const started = Date.now();
      await engine.send([{ name: parcelSorted.name, data: { parcel: "p1" } }]);
      await until(allCompleted("waybill-fast-now", 1), 5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
      const [run] = await runsOf(database.db, "waybill-fast-now");
      expect(run).toMatchObject({ output: "sorted", wakeAt: null });
    } finally {
      await engine.stop();
    }
  });

  it("leaves a burst beyond what may wait in memory in its table, and completes it all from there", { timeout: 90_000 }, async () => {
    let running = 0;
    let most = 0;
    const fn = inngest.createFunction({ id: "fast-burst", triggers: [parcelSorted] }, async ({ step }) =>
      step.run("sort", async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      }),
    );
    const queue = new PgBossQueue(database.handle, { pollingIntervalSeconds: 0.5 });
    const scheduled = vi.spyOn(queue, "schedule");
    const engine = new EmbeddedEngine({ client: inngest, functions: [fn], db: database.db, queue, concurrency: 2, maxLocalWaiting: 3 });
    await engine.start();
    try {
      await engine.send(Array.from({ length: 20 }, (_, index) => ({ name: parcelSorted.name, data: { parcel: `burst-${index}` } })));
      await until(allCompleted("waybill-fast-burst", 20));
      // 2 running and 3 waiting in memory; the others waited in their table and were taken from there, not queued one by one.
      expect(scheduled.mock.calls.flatMap(([jobs]) => jobs).filter((job) => job.job.kind === "run")).toEqual([]);
    } finally {
      await engine.stop();
    }
    expect(most).toBeLessThanOrEqual(2);
  });

  it("never drives a run twice when another instance's queue job for it arrives meanwhile", { timeout: 90_000 }, async () => {
    const ran = new Map<string, number>();
    const count = (key: string) => ran.set(key, (ran.get(key) ?? 0) + 1);
    const fn = inngest.createFunction({ id: "fast-shared", triggers: [parcelSorted] }, async ({ event, step }) => {
      await step.run("first", async () => {
        count(`${event.data.parcel}:first`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await step.run("second", () => count(`${event.data.parcel}:second`));
    });
    const queues = [0, 1].map(() => new PgBossQueue(database.handle, { pollingIntervalSeconds: 0.5 }));
    const engines = queues.map((queue) => new EmbeddedEngine({ client: inngest, functions: [fn], db: database.db, queue, acceptEvents: false }));
    for (const engine of engines) await engine.start();
    try {
      await engines[0]!.send(Array.from({ length: 12 }, (_, index) => ({ name: parcelSorted.name, data: { parcel: `shared-${index}` } })));
      // The same runs, due now, through the queue both instances poll: whoever takes a job races the first instance.
      const runs = await runsOf(database.db, "waybill-fast-shared");
      await queues[1]!.schedule(runs.map((run) => ({ key: runJobKey(run.id), dueAt: Date.now(), job: { kind: "run", runId: run.id } })));
      await until(allCompleted("waybill-fast-shared", 12));
      // Let the queue jobs that lost the race finish before counting.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await Promise.all(engines.map((engine) => engine.stop()));
    }
    expect(ran.size).toBe(24);
    expect([...ran.values()].every((times) => times === 1)).toBe(true);
  });

  it("takes up a run whose driver stopped renewing its lease, and refuses that driver's late save", { timeout: 90_000 }, async () => {
    let released: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (released = resolve));
    const calls = { first: 0, second: 0 };
    const fn = inngest.createFunction({ id: "fast-crash", triggers: [parcelSorted] }, async ({ step }) => {
      await step.run("first", () => ++calls.first);
      return step.run("second", async () => {
        // The first driver hangs here, as a process that died mid-step would never come back.
        if (++calls.second === 1) await gate;
        return `second by driver ${calls.second}`;
      });
    });
    // The stalled driver's clock runs two minutes behind, so every lease it takes has long lapsed for the others.
    const staleClock = new ManualClock(Date.now() - 120_000);
    const stalled = new EmbeddedEngine({
      client: inngest,
      functions: [fn],
      db: database.db,
      queue: new MemoryQueue(staleClock),
      clock: staleClock,
      leaseMs: 1_000,
      acceptEvents: false,
    });
    await stalled.start();
    await stalled.send([{ name: parcelSorted.name, data: { parcel: "crash" } }]);
    await until(async () => calls.second === 1);

    const rescuer = new EmbeddedEngine({
      client: inngest,
      functions: [fn],
      db: database.db,
      queue: new PgBossQueue(database.handle, { pollingIntervalSeconds: 0.5 }),
      sweepIntervalMs: 200,
      acceptEvents: false,
    });
    await rescuer.start();
    try {
      await until(allCompleted("waybill-fast-crash", 1));
      released();
      await stalled.stop();
    } finally {
      await rescuer.stop();
    }
    const [run] = await runsOf(database.db, "waybill-fast-crash");
    expect(run).toMatchObject({ status: "completed", output: "second by driver 2" });
    expect(calls).toEqual({ first: 1, second: 2 });
    expect((await stepsOf(database.db, run!.id)).map((step) => step.name)).toEqual(["first", "second"]);
  });
});
