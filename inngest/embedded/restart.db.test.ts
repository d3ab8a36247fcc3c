import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { inngest } from "@/lib/events/client";
import { defineEvent, sendEvent } from "@/lib/events/events";
import { createTestEngine, ManualClock, runsOf, stepsOf } from "@/testing/inngest";
import { EmbeddedEngine } from "./engine";
import { PgBossQueue } from "./pg-boss-queue";

const database = setupTestDatabase();

const parcelScanned = defineEvent("restart-parcel/scanned", z.object({ parcel: z.string() }));

const calls = { before: 0, flaky: 0, after: 0 };
afterEach(() => Object.assign(calls, { before: 0, flaky: 0, after: 0 }));

// Runs `before`, sleeps, fails `flaky` once, then runs `after`: a restart can land in the sleep or the back-off.
function sleeper(id: string, sleep: string) {
  return inngest.createFunction({ id, triggers: [parcelScanned] }, async ({ step }) => {
    await step.run("before", () => ++calls.before);
    await step.sleep("nap", sleep);
    await step.run("flaky", () => {
      if (++calls.flaky === 1) throw new Error("first try fails");
    });
    return step.run("after", () => ++calls.after);
  });
}

async function runOf(functionId: string) {
  const [run] = await runsOf(database.db, functionId);
  return run!;
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the run");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a restart in the middle of a run", () => {
  it("loses nothing under the manual clock: a new engine picks the run up from the database", async () => {
    const fn = sleeper("restart-manual", "1h");
    const clock = new ManualClock();
    const first = await createTestEngine({ db: database.db, functions: [fn], clock });
    await sendEvent(parcelScanned, { parcel: "p1" });
    await first.drain();
    expect(await runOf("waybill-restart-manual")).toMatchObject({ status: "sleeping" });
    await first.stop();

    const second = await createTestEngine({ db: database.db, functions: [fn], clock });
    await second.advance("1h");
    expect(await runOf("waybill-restart-manual")).toMatchObject({ status: "retrying", attempt: 1 });
    await second.stop();

    const third = await createTestEngine({ db: database.db, functions: [fn], clock });
    await third.advance("1m");
    await third.stop();
    const run = await runOf("waybill-restart-manual");
    expect(run).toMatchObject({ status: "completed", output: 1 });
    expect(calls).toEqual({ before: 1, flaky: 2, after: 1 });
    expect((await stepsOf(database.db, run.id)).map((step) => step.name)).toEqual(["before", "nap", "flaky", "after"]);
  });

  it("loses nothing on pg-boss: the wake-ups are durable jobs a new process claims", { timeout: 90_000 }, async () => {
    const fn = sleeper("restart-durable", "2s");
    const engine = () =>
      new EmbeddedEngine({
        client: inngest,
        functions: [fn],
        db: database.db,
        queue: new PgBossQueue(database.handle, { pollingIntervalSeconds: 0.5 }),
        backoff: () => 1000,
      });

    const first = engine();
    await first.start();
    await sendEvent(parcelScanned, { parcel: "p2" });
    await until(async () => (await runOf("waybill-restart-durable"))?.status === "sleeping");
    await first.stop();
    expect(calls).toEqual({ before: 1, flaky: 0, after: 0 });

    const second = engine();
    await second.start();
    await until(async () => (await runOf("waybill-restart-durable")).status === "retrying");
    await second.stop();

    const third = engine();
    await third.start();
    await until(async () => (await runOf("waybill-restart-durable")).status === "completed");
    await third.stop();
    expect(calls).toEqual({ before: 1, flaky: 2, after: 1 });
    const run = await runOf("waybill-restart-durable");
    expect((await stepsOf(database.db, run.id)).map((step) => step.name)).toEqual(["before", "nap", "flaky", "after"]);
  });
});

describe("instances sharing a database", () => {
  it("never drive a run twice: every step runs once", { timeout: 90_000 }, async () => {
    const ran = new Map<string, number>();
    const count = (key: string) => ran.set(key, (ran.get(key) ?? 0) + 1);
    const fn = inngest.createFunction({ id: "shared", triggers: [parcelScanned] }, async ({ event, step }) => {
      await step.run("first", () => count(`${event.data.parcel}:first`));
      await step.sleep("nap", "1s");
      await step.run("second", () => count(`${event.data.parcel}:second`));
    });
    const engines = [0, 1].map(
      (index) =>
        new EmbeddedEngine({
          client: inngest,
          functions: [fn],
          db: database.db,
          queue: new PgBossQueue(database.handle, { pollingIntervalSeconds: 0.5 }),
          acceptEvents: index === 0,
        }),
    );
    for (const engine of engines) await engine.start();
    const parcels = Array.from({ length: 12 }, (_, index) => `shared-${index}`);
    for (const parcel of parcels) await sendEvent(parcelScanned, { parcel });
    await until(async () => (await runsOf(database.db, "waybill-shared")).every((run) => run.status === "completed"));
    await Promise.all(engines.map((engine) => engine.stop()));

    expect(await runsOf(database.db, "waybill-shared")).toHaveLength(12);
    expect([...ran.values()].every((times) => times === 1)).toBe(true);
    expect(ran.size).toBe(24);
  });
});
