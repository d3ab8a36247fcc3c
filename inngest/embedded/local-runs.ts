import TinyQueue from "tinyqueue";

/** A concurrency group: at most `limit` of its tasks run at once in this process. */
export interface LocalGroup {
  id: string;
  limit: number;
  /** Inngest's `priority.run`: seconds ahead of runs without one. */
  priority?: number;
}

/**
 * `"refused"` once the runner is stopping: the caller hands the work to the durable queue instead.
 * `"full"`: an offer found `maxWaiting` tasks waiting; the work stays where it is stored until there is room.
 */
export type LocalOutcome = "done" | "refused" | "full";

interface Task {
  /** When it may start, as Inngest orders its queue: submitted at, less its priority. */
  rank: number;
  sequence: number;
  work: () => Promise<void>;
  settle: (outcome: LocalOutcome) => void;
  fail: (error: unknown) => void;
}

interface Lane {
  id: string;
  limit: number;
  waiting: Task[];
  head: number;
  running: number;
  /** In the ready heap: it has a task waiting and a free slot. */
  ready: boolean;
}

const headOf = (lane: Lane) => lane.waiting[lane.head]!;

/**
 * The in-process run slots: work due now starts here at once instead of waiting for a queue poll.
 * At most `concurrency` tasks run together, and at most a group's limit of one group. The next task
 * to start is the one Inngest's queue would pick: the earliest submitted, counting a function's
 * priority as that many seconds earlier, so polls go ahead of a backlog of estimates without
 * starving it. A group's tasks start in the order they came.
 */
export class LocalRuns {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #now: () => number;
  readonly #onRoom: () => void;
  readonly #lanes = new Map<string, Lane>();
  // Lanes with a task waiting and a free slot, the one whose next task ranks first on top.
  readonly #ready = new TinyQueue<Lane>([], (a, b) => headOf(a).rank - headOf(b).rank || headOf(a).sequence - headOf(b).sequence);
  readonly #idleWaiters: (() => void)[] = [];
  #sequence = 0;
  #running = 0;
  #waiting = 0;
  #stopped = false;

  /**
   * `maxWaiting`: how many offered tasks may wait here, so a backlog waits in the database rather
   * than in memory; `onRoom` is told whenever a start leaves no more than half that waiting.
   */
  constructor(concurrency: number, options: { now?: () => number; maxWaiting?: number; onRoom?: () => void } = {}) {
    this.#concurrency = concurrency;
    this.#now = options.now ?? Date.now;
    this.#maxWaiting = options.maxWaiting ?? Infinity;
    this.#onRoom = options.onRoom ?? (() => {});
  }

  /** How many more offers would be taken now. */
  get room(): number {
    return Math.max(0, this.#maxWaiting - this.#waiting);
  }

  /** As submit, but `"full"` when `maxWaiting` tasks already wait. */
  offer(group: LocalGroup, work: () => Promise<void>, since?: number): Promise<LocalOutcome> {
    if (this.#waiting >= this.#maxWaiting) return Promise.resolve("full");
    return this.submit(group, work, since);
  }

  /** Runs `work` when a slot (and its group's slot) is free; settles when it has finished. `since`: when it fell due (now by default). */
  submit(group: LocalGroup, work: () => Promise<void>, since = this.#now()): Promise<LocalOutcome> {
    if (this.#stopped) return Promise.resolve("refused");
    let lane = this.#lanes.get(group.id);
    if (!lane) {
      lane = { id: group.id, limit: group.limit, waiting: [], head: 0, running: 0, ready: false };
      this.#lanes.set(group.id, lane);
    }
    const queued = lane;
    return new Promise<LocalOutcome>((settle, fail) => {
      queued.waiting.push({ rank: since - (group.priority ?? 0) * 1000, sequence: this.#sequence++, work, settle, fail });
      this.#waiting++;
      this.#markReady(queued);
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

  #markReady(lane: Lane): void {
    if (lane.ready || lane.running >= lane.limit || lane.head >= lane.waiting.length) return;
    lane.ready = true;
    this.#ready.push(lane);
  }

  #pump(): void {
    while (this.#running < this.#concurrency && !this.#stopped && this.#ready.length) {
      const lane = this.#ready.pop()!;
      lane.ready = false;
      const task = lane.waiting[lane.head++]!;
      // Compacts now and then so a long backlog does not keep its finished head.
      if (lane.head > 1024 && lane.head * 2 > lane.waiting.length) {
        lane.waiting = lane.waiting.slice(lane.head);
        lane.head = 0;
      }
      this.#waiting--;
      this.#start(lane, task);
      this.#markReady(lane);
    }
    if (!this.#stopped && this.#waiting * 2 <= this.#maxWaiting) this.#onRoom();
    this.#notifyIdle();
  }

  #start(lane: Lane, task: Task): void {
    this.#running++;
    lane.running++;
    task
      .work()
      .then(() => task.settle("done"), task.fail)
      .finally(() => {
        this.#running--;
        lane.running--;
        if (lane.running === 0 && lane.head >= lane.waiting.length) this.#lanes.delete(lane.id);
        else this.#markReady(lane);
        this.#pump();
      });
  }

  #notifyIdle(): void {
    if (this.#running > 0 || this.#waiting > 0) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}
