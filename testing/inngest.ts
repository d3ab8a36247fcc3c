import { durationToMs, type Inngest, type InngestFunction } from "inngest";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type JobEventPayload, jobEvents, type JobRun, jobRuns, type JobStep, jobSteps } from "@/db/schema";
import { inngest } from "@/lib/events/client";
import { pollRequestsSent } from "@/lib/trackings/poll-requests";
import { ManualClock } from "@/inngest/embedded/clock";
import { EmbeddedEngine } from "@/inngest/embedded/engine";
import type { IncomingEvent } from "@/inngest/embedded/incoming-events";
import { MemoryQueue } from "@/inngest/embedded/memory-queue";

export { ManualClock } from "@/inngest/embedded/clock";

export interface TestEngineOptions {
  db: Database;
  functions: InngestFunction.Any[];
  client?: Inngest.Any;
  clock?: ManualClock;
  backoff?: (attempt: number) => number;
  /** Jobs the in-memory queue runs at once. */
  concurrency?: number;
  /** Periodic sweeps (lost work, retention); off by default so `advance` has no extra stops. */
  sweepIntervalMs?: number | null;
  retentionMs?: number;
}

/** The embedded runner on a test database, with a manual clock and an in-memory queue drained on demand. */
export interface TestEngine {
  engine: EmbeddedEngine;
  clock: ManualClock;
  queue: MemoryQueue;
  /** Stores events and creates their runs (runs start on the next drain). */
  send(events: IncomingEvent | IncomingEvent[]): Promise<string[]>;
  /** Runs everything due now, and whatever that makes due now. */
  drain(): Promise<void>;
  /** Moves the clock forward, stopping at every wake-up on the way (back-offs, sleeps, cron slots). */
  advance(duration: string | number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts an engine for flow tests; `inngest.send()` and `step.sendEvent` in this process reach it.
 *
 *   const jobs = await createTestEngine({ db, functions: [pollCarrier] });
 *   await jobs.send({ name: "tracking/created", data: { trackingId } });
 *   await jobs.drain();
 *   await jobs.advance("1h");
 */
export async function createTestEngine(options: TestEngineOptions): Promise<TestEngine> {
  const clock = options.clock ?? new ManualClock();
  const queue = new MemoryQueue(clock, { concurrency: options.concurrency });
  // Runs started at once fail outside the queue: drain() rethrows their errors as it does the queue's.
  const errors: unknown[] = [];
  const engine = new EmbeddedEngine({
    client: options.client ?? inngest,
    functions: options.functions,
    db: options.db,
    queue,
    clock,
    backoff: options.backoff,
    sweepIntervalMs: options.sweepIntervalMs ?? null,
    retentionMs: options.retentionMs,
    concurrency: options.concurrency ?? 8,
    onRunError: (error) => void errors.push(error),
  });
  await engine.start();
  // Until neither the queue nor the runs started at once have anything due: each can make work for the other.
  async function drain(): Promise<void> {
    for (;;) {
      await pollRequestsSent();
      await queue.drain();
      await engine.idle();
      const [error] = errors.splice(0);
      if (error) throw error;
      const next = queue.nextDueAt();
      if (next === undefined || next > clock.now()) return;
    }
  }
  return {
    engine,
    clock,
    queue,
    send: (events) => engine.send(Array.isArray(events) ? events : [events]),
    drain,
    async advance(duration) {
      const target = clock.now() + durationToMs(duration);
      await drain();
      for (let next = queue.nextDueAt(); next !== undefined && next <= target; next = queue.nextDueAt()) {
        clock.set(Math.max(next, clock.now()));
        await drain();
      }
      clock.set(target);
      await drain();
    },
    stop: () => engine.stop(),
  };
}

/** Runs of one function (its SDK id, e.g. `waybill-poll-carrier`), oldest first. */
export async function runsOf(db: Database, functionId: string): Promise<JobRun[]> {
  return db.select().from(jobRuns).where(eq(jobRuns.functionId, functionId)).orderBy(asc(jobRuns.createdAt), asc(jobRuns.id));
}

/** A run's finished steps in the order they finished. */
export async function stepsOf(db: Database, runId: string): Promise<JobStep[]> {
  return db.select().from(jobSteps).where(eq(jobSteps.runId, runId)).orderBy(asc(jobSteps.position));
}

/**
 * Events sent in this database, oldest first (optionally of one name). Without a running engine
 * `sendEvent` only stores events, so a domain test can assert what its code announced.
 */
export async function eventsSent(db: Database, name?: string): Promise<JobEventPayload[]> {
  await pollRequestsSent();
  const rows = await db
    .select({ payload: jobEvents.payload })
    .from(jobEvents)
    .where(name ? eq(jobEvents.name, name) : undefined)
    .orderBy(asc(jobEvents.receivedAt), asc(jobEvents.id));
  return rows.map((row) => row.payload);
}
