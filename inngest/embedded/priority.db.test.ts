import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { PgBossQueue } from "./pg-boss-queue";
import { CLOCK_PRIORITY, type QueueJob } from "./queue";

const database = setupTestDatabase();

describe("the durable queue's order among jobs due", () => {
  it("takes the clock first, then runs by their function's priority, however long the backlog", async () => {
    const queue = new PgBossQueue(database.handle, { concurrency: 1, pollingIntervalSeconds: 0.5 });
    const ran: string[] = [];
    let scheduled!: () => void;
    const allScheduled = new Promise<void>((resolve) => (scheduled = resolve));
    // The first job the worker takes waits until the whole backlog is in: the order after it is the queue's.
    await queue.start({
      handler: async (job) => {
        await allScheduled;
        ran.push(job.kind === "run" ? job.runId : job.kind);
      },
      groupLimits: {},
    });
    const dueAt = Date.now() - 1_000;
    const backlog = Array.from({ length: 10 }, (_, index) => ({
      key: `run:backlog-${index}`,
      dueAt,
      job: { kind: "run", runId: `backlog-${index}` } as QueueJob,
    }));
    await queue.schedule([
      ...backlog,
      { key: "run:urgent", dueAt, job: { kind: "run", runId: "urgent" }, priority: 300 },
      { key: "cron:tick", dueAt, job: { kind: "cron", functionId: "tick", cron: "* * * * *", slot: dueAt }, priority: CLOCK_PRIORITY },
    ]);
    scheduled();
    await expect.poll(() => ran.length, { timeout: 20_000 }).toBe(12);
    await queue.stop();
    // At most one backlog job (one the worker may have taken before the rest was in) goes before the clock, then the prioritised run.
    const [clock, urgent] = [ran.indexOf("cron"), ran.indexOf("urgent")];
    expect(clock).toBeLessThanOrEqual(1);
    expect(urgent).toBe(clock + 1);
  });
});
