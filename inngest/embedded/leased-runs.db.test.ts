import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { inngest } from "@/lib/events/client";
import { defineEvent } from "@/lib/events/events";
import { createTestEngine, ManualClock, runsOf } from "@/testing/inngest";
import { EmbeddedEngine } from "./engine";
import { MemoryQueue } from "./memory-queue";
import * as store from "./store";

vi.mock("./store", async (importOriginal) => {
  const actual = await importOriginal<typeof store>();
  return { ...actual, claimRun: vi.fn(actual.claimRun) };
});

const database = setupTestDatabase();

const parcelWeighed = defineEvent("leased-parcel/weighed", z.object({ parcel: z.string() }));

describe("runs a send starts in this process", () => {
  it("are created leased to it and driven without a claim; a wake-up from the queue claims", async () => {
    const plain = inngest.createFunction({ id: "leased-plain", triggers: [parcelWeighed] }, async ({ event }) => `weighed ${event.data.parcel}`);
    const napper = inngest.createFunction({ id: "leased-napper", triggers: [parcelWeighed] }, async ({ step }) => {
      await step.run("before", () => 1);
      await step.sleep("nap", "1h");
      return step.run("after", () => 2);
    });
    const jobs = await createTestEngine({ db: database.db, functions: [plain, napper] });
    vi.mocked(store.claimRun).mockClear();
    try {
      await jobs.send(["a", "b", "c"].map((parcel) => ({ name: parcelWeighed.name, data: { parcel } })));
      await jobs.drain();
      expect((await runsOf(database.db, "waybill-leased-plain")).map((run) => run.status)).toEqual(["completed", "completed", "completed"]);
      expect((await runsOf(database.db, "waybill-leased-napper")).map((run) => run.status)).toEqual(["sleeping", "sleeping", "sleeping"]);
      expect(store.claimRun).not.toHaveBeenCalled();

      await jobs.advance("1h");
      const napped = await runsOf(database.db, "waybill-leased-napper");
      expect(napped.map((run) => run.output)).toEqual([2, 2, 2]);
      expect(store.claimRun).toHaveBeenCalledTimes(3);
    } finally {
      await jobs.stop();
    }
  });

  it("are released when this process cannot drive them after all: the next runner takes them at once, not when the lease lapses", async () => {
    const clock = new ManualClock();
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = inngest.createFunction({ id: "leased-slow", triggers: [parcelWeighed] }, async ({ event }) => {
      if (event.data.parcel === "first") await gate;
      return "done";
    });
    // One slot: the first run holds it, the other two wait for it in memory.
    const first = new EmbeddedEngine({
      client: inngest,
      functions: [slow],
      db: database.db,
      queue: new MemoryQueue(clock),
      clock,
      concurrency: 1,
      sweepIntervalMs: null,
    });
    await first.start();
    await first.send(["first", "second", "third"].map((parcel) => ({ name: parcelWeighed.name, data: { parcel } })));
    // Stopping refuses the two waiting runs; the held one finishes once the gate opens.
    const stopping = first.stop();
    open();
    await stopping;
    expect((await runsOf(database.db, "waybill-leased-slow")).map((run) => run.status).sort()).toEqual(["completed", "queued", "queued"]);

    // The clock stands still: runs still leased to the stopped runner would wait a minute for their lease to lapse.
    const second = await createTestEngine({ db: database.db, functions: [slow], clock });
    try {
      await second.drain();
      expect((await runsOf(database.db, "waybill-leased-slow")).map((run) => run.status)).toEqual(["completed", "completed", "completed"]);
    } finally {
      await second.stop();
    }
  });
});
