import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgBossQueue } from "@/inngest/embedded/pg-boss-queue";
import { RateLimiter } from "@/lib/api/rate-limit";
import { postgresStoreFactory } from "@/lib/rate-limit-store";
import type { DatabaseHandle } from "./client";
import { createTestDatabase } from "@/testing/create-test-database";

// Scale mode's pools are PostgreSQL's own question, whichever engine the rest of the suite runs on.
const POOL_SIZE = 3;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase("postgres", { max: POOL_SIZE });
});
afterAll(() => handle.close());

async function connectionsToThisDatabase(): Promise<number> {
  const [row] = await handle.sql!`select count(*)::int as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  return (row!.count as number) + 1;
}

describe("one connection budget per instance", () => {
  it("runs the app's queries, the job queue and the rate limiter on the one pool of DATABASE_POOL_SIZE connections", async () => {
    const queue = new PgBossQueue(handle, { pollingIntervalSeconds: 0.5 });
    const handled: string[] = [];
    await queue.start({ handler: async (job) => void handled.push(job.kind), groupLimits: {} });
    const limiterA = new RateLimiter(postgresStoreFactory(handle.sql!));
    const limiterB = new RateLimiter(postgresStoreFactory(handle.sql!));
    const rule = { bucket: "test GET", limit: 3, consume: true };
    // Two limiters on one table, as two instances would be: they share one window.
    const decisions = [];
    for (const limiter of [limiterA, limiterB, limiterA, limiterB]) decisions.push(await limiter.check(rule, "org-1"));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);

    await queue.schedule([{ key: "run-1", dueAt: Date.now(), job: { kind: "sweep" } }]);
    await expect.poll(() => handled.length, { timeout: 10_000 }).toBe(1);
    await Promise.all(Array.from({ length: 20 }, () => handle.sql!`select pg_sleep(0.01)`));
    expect(await connectionsToThisDatabase()).toBeLessThanOrEqual(POOL_SIZE);
    await queue.stop();
  });
});
