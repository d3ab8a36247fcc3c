import { type ConstructorOptions, fromBunSql, fromPglite, PgBoss } from "pg-boss";
import { errorSummary } from "@/lib/log-server-error";
import type { DatabaseHandle } from "@/db/client";
import { jobQueueClient } from "@/db/shared-pool";
import type { JobQueue, QueueJob, QueueStartOptions, ScheduledJob } from "./queue";
import { log } from "@/lib/observability/log";

const QUEUE = "waybill-jobs";

const QUEUE_SETTINGS = {
  // Only the runner's own failures (a database hiccup) reach these retries; function errors never do.
  retryLimit: 20,
  retryDelay: 5,
  retryBackoff: true,
  // A running job sends a heartbeat; a job whose process died is retried once it goes quiet (pg-boss's
  // shortest, 10 s), so a killed instance's jobs do not hold their function's concurrency slots for long.
  heartbeatSeconds: 10,
  expireInSeconds: 60 * 60,
  deleteAfterSeconds: 24 * 60 * 60,
};

export interface PgBossQueueOptions {
  /** Most jobs this process runs at once. */
  concurrency?: number;
  pollingIntervalSeconds?: number;
}

/**
 * The durable timer under the runner. A `stately` queue keyed by run keeps one waiting and one
 * running job per run, so instances sharing a PostgreSQL database never drive a run twice at once;
 * pg-boss claims jobs with SKIP LOCKED and retries a job whose process died.
 */
export class PgBossQueue implements JobQueue {
  readonly durable = true;
  readonly shared: boolean;
  readonly #boss: PgBoss;
  readonly #options: PgBossQueueOptions;
  #workerId: string | undefined;

  constructor(handle: DatabaseHandle, options: PgBossQueueOptions = {}) {
    this.#options = options;
    // A PGlite directory admits one process; PostgreSQL may have several instances.
    this.shared = handle.kind === "postgres";
    // The monitor looks for quiet jobs every 5 s rather than every minute.
    this.#boss = new PgBoss({ ...connectionFor(handle), schedule: false, monitorIntervalSeconds: 5, superviseIntervalSeconds: 5 });
    this.#boss.on("error", (error) => log().error({ event: "job_queue_error", error: errorSummary(error) }, "Waybill jobs: pg-boss reported an error"));
  }

  async start({ handler, groupLimits }: QueueStartOptions): Promise<void> {
    await this.#boss.start();
    await this.#boss.createQueue(QUEUE, { policy: "stately", ...QUEUE_SETTINGS });
    // A queue an earlier version made keeps its settings otherwise.
    await this.#boss.updateQueue(QUEUE, QUEUE_SETTINGS);
    const limited = Object.keys(groupLimits).length > 0;
    this.#workerId = await this.#boss.work<QueueJob>(
      QUEUE,
      {
        localConcurrency: this.#options.concurrency ?? 4,
        pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 1,
        // Ungrouped work is unlimited; pg-boss sends the default as a SQL int4, so "unlimited" is int4's top.
        ...(limited ? { groupConcurrency: { default: 2_147_483_647, tiers: groupLimits } } : {}),
      },
      async (jobs) => {
        for (const job of jobs) {
          await handler(job.data).catch((error: unknown) => {
            // pg-boss retries the job; the log is where an operator sees why.
            log().error({ event: "job_failed", kind: job.data.kind, error: errorSummary(error) }, "Waybill jobs: a job failed and will be retried");
            throw error;
          });
        }
      },
    );
  }

  async schedule(jobs: ScheduledJob[]): Promise<void> {
    for (const { key, dueAt, job, group, priority } of jobs) {
      await this.#boss.upsert(QUEUE, job, { singletonKey: key, startAfter: new Date(dueAt), ...(group ? { group } : {}), ...(priority ? { priority } : {}) });
    }
    // Work due now need not wait for the next poll.
    if (this.#workerId && jobs.some((job) => job.dueAt <= Date.now())) this.#boss.notifyWorker(this.#workerId);
  }

  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, timeout: 30_000 });
  }
}

function connectionFor(handle: DatabaseHandle): ConstructorOptions {
  // PGlite admits one connection, so pg-boss shares the process's instance.
  if (handle.kind === "pglite" && handle.pglite) return { db: fromPglite(handle.pglite), backend: "pglite" };
  // PostgreSQL: the process's own pool, so the queue adds no connections of its own.
  if (handle.sql) return { db: fromBunSql(jobQueueClient(handle.sql)) };
  throw new Error("The job queue needs the PGlite instance or the PostgreSQL pool");
}
