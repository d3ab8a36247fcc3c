/** Work the runner schedules for itself: wake a run, fire a cron slot, or sweep for lost work. */
export type QueueJob =
  | { kind: "run"; runId: string; functionId?: string; concurrencyKey?: string | null }
  | { kind: "cron"; functionId: string; cron: string; slot: number }
  | { kind: "sweep" };

export interface ScheduledJob {
  /** At most one job per key waits and at most one runs; scheduling a waiting key moves it. */
  key: string;
  /** Epoch milliseconds. */
  dueAt: number;
  job: QueueJob;
  /** Jobs of one group share the group's tier limit: a function's concurrency. */
  group?: { id: string; tier: string };
  /** Higher first among jobs due: the runner's own clock (cron slots, sweeps), then runs by their function's priority. */
  priority?: number;
}

/** Cron slots and sweeps go before any run: a backlog of runs must not stop the minute clock. */
export const CLOCK_PRIORITY = 601;

export interface QueueStartOptions {
  handler: (job: QueueJob) => Promise<void>;
  /** Most jobs of any one group running at once, by tier. */
  groupLimits: Record<string, number>;
}

/** The durable timer under the runner: pg-boss in production, an in-memory queue in flow tests. */
export interface JobQueue {
  /** True when scheduled jobs survive a restart, so recovery only needs to look for overdue runs. */
  readonly durable: boolean;
  /** True when other processes take this queue's jobs too, so only it can cap concurrency across them. */
  readonly shared: boolean;
  start(options: QueueStartOptions): Promise<void>;
  schedule(jobs: ScheduledJob[]): Promise<void>;
  /** Stops taking jobs and waits for the ones running. */
  stop(): Promise<void>;
}

export function runJobKey(runId: string): string {
  return `run:${runId}`;
}
