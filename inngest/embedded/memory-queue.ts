import type { Clock } from "./clock";
import type { JobQueue, QueueStartOptions, ScheduledJob } from "./queue";

// A job that keeps rescheduling itself for "now" would otherwise spin drain() forever.
const MAX_JOBS_PER_DRAIN = 100_000;

/**
 * The queue for flow tests: the same rules as the pg-boss queue (one waiting and one running job
 * per key, group limits), driven by a manual clock and drained on demand.
 */
export class MemoryQueue implements JobQueue {
  readonly durable = false;
  readonly shared = false;
  readonly #clock: Clock;
  readonly #concurrency: number;
  readonly #waiting = new Map<string, ScheduledJob & { seq: number }>();
  readonly #running = new Map<string, Promise<void>>();
  readonly #groupRunning = new Map<string, number>();
  readonly #errors: unknown[] = [];
  #options: QueueStartOptions | undefined;
  #seq = 0;

  constructor(clock: Clock, options: { concurrency?: number } = {}) {
    this.#clock = clock;
    this.#concurrency = options.concurrency ?? 8;
  }

  async start(options: QueueStartOptions): Promise<void> {
    this.#options = options;
  }

  async schedule(jobs: ScheduledJob[]): Promise<void> {
    for (const job of jobs) this.#waiting.set(job.key, { ...job, seq: this.#seq++ });
  }

  async stop(): Promise<void> {
    this.#options = undefined;
    await Promise.allSettled(this.#running.values());
  }

  /** When the earliest waiting job is due, if any. */
  nextDueAt(): number | undefined {
    let next: number | undefined;
    for (const job of this.#waiting.values()) if (next === undefined || job.dueAt < next) next = job.dueAt;
    return next;
  }

  /** Runs every job due now, and the jobs those schedule for now, until none is due; rethrows handler errors. */
  async drain(): Promise<void> {
    let started = 0;
    for (;;) {
      started += this.#startDue();
      if (started > MAX_JOBS_PER_DRAIN) throw new Error("MemoryQueue.drain(): jobs keep scheduling themselves for now");
      if (this.#running.size === 0) break;
      await Promise.race(this.#running.values());
    }
    const [error] = this.#errors.splice(0);
    if (error) throw error;
  }

  #startDue(): number {
    const options = this.#options;
    if (!options) throw new Error("MemoryQueue: start() the engine before draining");
    const now = this.#clock.now();
    const due = [...this.#waiting.values()].filter((job) => job.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt || a.seq - b.seq);
    let started = 0;
    for (const job of due) {
      if (this.#running.size >= this.#concurrency) break;
      if (this.#running.has(job.key)) continue;
      const group = job.group;
      if (group && (this.#groupRunning.get(group.id) ?? 0) >= (options.groupLimits[group.tier] ?? Infinity)) continue;
      this.#waiting.delete(job.key);
      if (group) this.#groupRunning.set(group.id, (this.#groupRunning.get(group.id) ?? 0) + 1);
      const running = options
        .handler(job.job)
        .catch((error: unknown) => void this.#errors.push(error))
        .finally(() => {
          this.#running.delete(job.key);
          if (group) this.#groupRunning.set(group.id, (this.#groupRunning.get(group.id) ?? 1) - 1);
        });
      this.#running.set(job.key, running);
      started++;
    }
    return started;
  }
}
