/** A concurrency group: at most `limit` of its tasks run at once in this process. */
export interface LocalGroup {
  id: string;
  limit: number;
}

/** `"refused"` once the runner is stopping: the caller hands the work to the durable queue instead. */
export type LocalOutcome = "done" | "refused";

interface Task {
  work: () => Promise<void>;
  settle: (outcome: LocalOutcome) => void;
  fail: (error: unknown) => void;
}

// Ungrouped tasks share one unlimited lane.
const FREE_LANE = "";

/**
 * The in-process run slots: work due now starts here at once instead of waiting for a queue poll.
 * At most `concurrency` tasks run together, and at most a group's limit of one group; waiting
 * tasks start in arrival order within a group and round-robin across groups.
 */
export class LocalRuns {
  readonly #concurrency: number;
  readonly #lanes = new Map<string, { limit: number; waiting: Task[]; head: number; running: number }>();
  readonly #idleWaiters: (() => void)[] = [];
  #running = 0;
  #waiting = 0;
  #stopped = false;

  constructor(concurrency: number) {
    this.#concurrency = concurrency;
  }

  /** Runs `work` when a slot (and its group's slot) is free; settles when it has finished. */
  submit(group: LocalGroup | undefined, work: () => Promise<void>): Promise<LocalOutcome> {
    if (this.#stopped) return Promise.resolve("refused");
    const id = group?.id ?? FREE_LANE;
    let lane = this.#lanes.get(id);
    if (!lane) {
      lane = { limit: group?.limit ?? Infinity, waiting: [], head: 0, running: 0 };
      this.#lanes.set(id, lane);
    }
    const queued = lane;
    return new Promise<LocalOutcome>((settle, fail) => {
      queued.waiting.push({ work, settle, fail });
      this.#waiting++;
      this.#pump();
    });
  }

  /** Resolves once nothing waits or runs. */
  idle(): Promise<void> {
    if (this.#running === 0 && this.#waiting === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Refuses new work, refuses what still waits, and resolves when the running tasks have finished. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const lane of this.#lanes.values()) {
      for (const task of lane.waiting.slice(lane.head)) task.settle("refused");
      lane.waiting = [];
      lane.head = 0;
    }
    this.#waiting = 0;
    await this.idle();
  }

  #pump(): void {
    let started = true;
    while (started && this.#running < this.#concurrency && !this.#stopped) {
      started = false;
      for (const [id, lane] of this.#lanes) {
        if (this.#running >= this.#concurrency) break;
        if (lane.running >= lane.limit || lane.head >= lane.waiting.length) continue;
        const task = lane.waiting[lane.head++]!;
        // Compacts now and then so a long backlog does not keep its finished head.
        if (lane.head > 1024 && lane.head * 2 > lane.waiting.length) {
          lane.waiting = lane.waiting.slice(lane.head);
          lane.head = 0;
        }
        this.#waiting--;
        this.#start(id, lane, task);
        started = true;
      }
    }
    this.#notifyIdle();
  }

  #start(id: string, lane: { running: number; waiting: Task[]; head: number }, task: Task): void {
    this.#running++;
    lane.running++;
    task
      .work()
      .then(() => task.settle("done"), task.fail)
      .finally(() => {
        this.#running--;
        lane.running--;
        if (lane.running === 0 && lane.head >= lane.waiting.length) this.#lanes.delete(id);
        this.#pump();
      });
  }

  #notifyIdle(): void {
    if (this.#running > 0 || this.#waiting > 0) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}
