import { AsyncResource } from "node:async_hooks";
import { type Inngest, type InngestFunction, internalEvents } from "inngest";
import { errorSummary } from "@/lib/log-server-error";
import type { Database } from "@/db/client";
import type { JobEvent, JobEventPayload, JobRun, NewJobEvent, NewJobRun } from "@/db/schema";
import { newId } from "@/lib/ids";
import { clearActiveEngine, type EventSink, setActiveEngine } from "./active-engine";
import { type Clock, systemClock } from "./clock";
import { type FunctionPlan, planFunctions } from "./config-check";
import { cronEventId, nextCronSlot } from "./cron";
import { defaultBackoff, driveRun, type ExecutorDeps, type HeldRun } from "./executor";
import { toStoredEvents, type IncomingEvent } from "./incoming-events";
import { type LocalGroup, LocalRuns } from "./local-runs";
import { CLOCK_PRIORITY, type JobQueue, type QueueJob, runJobKey, type ScheduledJob } from "./queue";
import { createSdkHandler } from "./sdk-handler";
import { acceptEvents, deleteFinishedBefore, dispatchEvents, dueRuns, pendingEvents, releaseRun, unfinishedRuns } from "./store";
import { concurrencyKeyFor, functionsTriggeredBy } from "./triggers";
import { log } from "@/lib/observability/log";

export interface EngineOptions {
  client: Inngest.Any;
  functions: readonly InngestFunction.Any[];
  db: Database;
  queue: JobQueue;
  clock?: Clock;
  /** Milliseconds before retry number `attempt`; defaults to 10 s doubling up to an hour. */
  backoff?: (attempt: number) => number;
  /** How often to look for lost work (overdue runs, undispatched events); null for start-up only. */
  sweepIntervalMs?: number | null;
  /** How long ended runs and dispatched events are kept (and event ids deduplicated); 7 days by default. */
  retentionMs?: number;
  /** Whether `inngest.send()` in this process should reach this engine (false for a second engine in tests). */
  acceptEvents?: boolean;
  /** Runs this process drives at once (4 by default: steps share the event loop with requests). */
  concurrency?: number;
  /** How long a drive's claim keeps other runners off a run; a crashed drive is taken up again after it. */
  leaseMs?: number;
  /** Runs due now that may wait in memory for a slot; more wait in `job_runs` ({@link MAX_LOCAL_WAITING} by default). */
  maxLocalWaiting?: number;
  /** Told when a run started at once fails in the runner itself; the run goes to the durable queue either way. */
  onRunError?: (error: unknown, runId: string) => void;
}

type RunRef = Pick<JobRun, "id" | "functionId" | "concurrencyKey">;

// A run whose wake-up is this late is assumed to have lost its queue job.
const OVERDUE_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;
const DEFAULT_LEASE_MS = 60_000;
// Enough to keep the slots busy between pulls; a backlog beyond it waits in `job_runs`, so memory stays flat however far behind the runner falls.
export const MAX_LOCAL_WAITING = 256;

/**
 * The in-process Inngest executor: turns events into runs, drives runs through the functions' own
 * SDK handler, and keeps every wake-up (sleeps, retries, cron slots) in a durable queue. Work due
 * now starts in this process at once; the queue holds future wake-ups, and the sweep re-arms runs
 * a crashed process held (their lease lapses).
 */
export class EmbeddedEngine implements EventSink {
  readonly #options: EngineOptions;
  readonly #clock: Clock;
  readonly #deps: ExecutorDeps;
  #plans = new Map<string, FunctionPlan>();
  /** Seconds ahead, by function id, of the functions with a priority: the backlog's order. */
  #priorities: Record<string, number> = {};
  #started = false;
  #local = new LocalRuns(1, { now: () => this.#clock.now() });
  /** Runs waiting for or holding a local slot: the sweep leaves them alone. */
  readonly #localRuns = new Map<string, Promise<void>>();
  /** Runs due now were left in their table for want of room: they are taken from there as room comes. */
  #backlogged = false;
  #pulling = false;
  /** Places in the local slots' waiting room promised to runs being created leased: concurrent sends do not promise the same place twice. */
  #promised = 0;

  /**
   * The async context the engine was made in (the start, outside any request). Every run is driven
   * in it: a run that a request's send starts, or that takes a slot another run frees, never sees
   * that request's context (its address, say).
   */
  readonly #home = new AsyncResource("waybill-run");

  constructor(options: EngineOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#deps = {
      db: options.db,
      sdk: createSdkHandler(options.client, options.functions),
      clock: this.#clock,
      backoff: options.backoff ?? defaultBackoff,
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    };
  }

  /** Checks every function (throws UnsupportedFunctionsError), then starts taking work and recovers lost work. */
  async start(): Promise<void> {
    if (this.#started) return;
    const plans = planFunctions(await this.#deps.sdk.configs());
    this.#plans = new Map(plans.map((plan) => [plan.id, plan]));
    this.#priorities = Object.fromEntries(plans.flatMap((plan) => (plan.priority ? [[plan.id, plan.priority]] : [])));
    const groupLimits = Object.fromEntries(plans.flatMap((plan) => (plan.concurrency ? [[plan.id, plan.concurrency.limit]] : [])));
    this.#local = new LocalRuns(this.#options.concurrency ?? 4, {
      now: () => this.#clock.now(),
      maxWaiting: this.#options.maxLocalWaiting ?? MAX_LOCAL_WAITING,
      onRoom: () => void this.#pullBacklog(),
    });
    await this.#options.queue.start({ handler: (job) => this.#handle(job), groupLimits });
    this.#started = true;
    if (this.#options.acceptEvents !== false) setActiveEngine(this);
    await this.#scheduleCrons();
    await this.#sweep(this.#options.queue.durable ? this.#clock.now() - OVERDUE_MS : undefined);
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    clearActiveEngine(this);
    this.#started = false;
    // Runs still waiting for a slot are handed to the queue before it stops.
    await this.#local.stop();
    await Promise.allSettled(this.#localRuns.values());
    await this.#options.queue.stop();
  }

  /** Resolves once no run is waiting for or holding a local slot (flow tests drain with it). */
  idle(): Promise<void> {
    return this.#local.idle();
  }

  /** `inngest.send()` lands here: stores the events, then starts the runs they trigger. */
  async send(events: IncomingEvent[], seed?: string): Promise<string[]> {
    const stored = toStoredEvents(events, this.#clock.now(), seed);
    await this.#accept(stored);
    return stored.map((event) => event.id);
  }

  /**
   * Stores events with their runs in one statement and starts the runs. Those that start here while
   * there is room are created leased to this runner, so their drive needs no claim of its own.
   */
  async #accept(events: NewJobEvent[]): Promise<void> {
    const now = this.#clock.now();
    let room = this.#local.room - this.#promised;
    const runs = events.flatMap((event) =>
      functionsTriggeredBy(this.#plans.values(), event.payload, event.targetFunctionId ?? null).map((plan) =>
        this.#newRun(plan, event.payload, now, !this.#queuedOnly(plan) && room-- > 0),
      ),
    );
    const held = new Map(
      runs
        .filter((run) => run.version > 0)
        .map((run): [string, HeldRun] => [run.id, { record: { run, steps: {}, stack: [] }, leaseUntil: run.wakeAt!.getTime() }]),
    );
    this.#promised += held.size;
    let accepted: Awaited<ReturnType<typeof acceptEvents>>;
    try {
      accepted = await acceptEvents(this.#options.db, events, runs);
    } finally {
      // The runs take their places just below, before anything else can run.
      this.#promised -= held.size;
    }
    const { newEventIds, created } = accepted;
    await this.#startRuns(created, now, held);
    // A retried send repeats its ids: whatever of it is still undispatched gets dispatched now.
    const repeated = events.filter((event) => !newEventIds.has(event.id)).map((event) => event.id);
    if (repeated.length) await this.#dispatch(await pendingEvents(this.#options.db, { ids: repeated }));
  }

  async #handle(job: QueueJob): Promise<void> {
    if (job.kind === "run") return this.#wake({ id: job.runId, functionId: job.functionId ?? "", concurrencyKey: job.concurrencyKey ?? null });
    if (job.kind === "cron") return this.#fireCron(job.functionId, job.cron, job.slot);
    await this.#sweep(this.#clock.now() - OVERDUE_MS);
  }

  /** A queue job's wake-up: the run takes a local slot like any other. */
  async #wake(run: RunRef): Promise<void> {
    const outcome = await this.#local.submit(this.#localGroup(run), () => this.#drive(run.id, true));
    if (outcome === "refused") await this.#options.queue.schedule([this.#runJob(run, this.#clock.now())]);
  }

  /** Only the shared queue can cap a function with a concurrency limit across instances. */
  #queuedOnly(plan: FunctionPlan | undefined): boolean {
    return Boolean(this.#options.queue.shared && plan?.concurrency);
  }

  /** Due runs start in this process without a queue round trip, unless only the shared queue can cap them. */
  async #startRuns(runs: RunRef[], now: number, held?: ReadonlyMap<string, HeldRun>): Promise<void> {
    const queued: ScheduledJob[] = [];
    for (const run of runs) {
      if (this.#queuedOnly(this.#plans.get(run.functionId))) queued.push(this.#runJob(run, now));
      else this.#startNow(run, undefined, held?.get(run.id));
    }
    await this.#options.queue.schedule(queued);
  }

  /** `since`: when the run fell due, for its place among the runs waiting (now by default). */
  #startNow(run: RunRef, since?: number, held?: HeldRun): void {
    const started = this.#local
      .offer(this.#localGroup(run), () => this.#drive(run.id, false, held), since)
      .then(async (outcome) => {
        if (outcome === "done") return;
        // Not driven here after all: a run created leased becomes due for whoever takes it.
        if (held) await releaseRun(this.#options.db, run.id, held.record.run.version, new Date(this.#clock.now()));
        // Stored due now, it waits in its table, not in memory, until there is room.
        if (outcome === "full") {
          this.#backlogged = true;
          if (held) void this.#pullBacklog();
        }
        if (outcome === "refused") await this.#options.queue.schedule([this.#runJob(run, this.#clock.now())]);
      })
      .catch(async (error: unknown) => {
        (this.#options.onRunError ?? logRunError)(error, run.id);
        // The queue's retries take over; if the database is gone too, the sweep does once it is back.
        await this.#options.queue.schedule([this.#runJob(run, this.#clock.now())]).catch(() => undefined);
      })
      .finally(() => {
        if (this.#localRuns.get(run.id) === started) this.#localRuns.delete(run.id);
      });
    this.#localRuns.set(run.id, started);
  }

  /** Takes due runs left in the table into the room there is now, first those Inngest would start first. */
  async #pullBacklog(): Promise<void> {
    if (!this.#backlogged || this.#pulling) return;
    this.#pulling = true;
    try {
      this.#backlogged = false;
      // Runs already here come back too: asked for beyond them, a short answer means none is left behind.
      const wanted = this.#local.room + this.#localRuns.size;
      const due = await dueRuns(this.#options.db, new Date(this.#clock.now()), wanted, this.#priorities);
      if (due.length >= wanted) this.#backlogged = true;
      for (const run of due) if (!this.#localRuns.has(run.id)) this.#startNow(run, run.wakeAt!.getTime());
    } catch (error) {
      this.#backlogged = true;
      log().error({ event: "backlog_not_read", error: errorSummary(error) }, "Waybill jobs: could not read the runs waiting; the sweep tries again");
    } finally {
      this.#pulling = false;
    }
  }

  /** A function's runs share its priority, and with a concurrency limit its key's slots. */
  #localGroup(run: RunRef): LocalGroup {
    const plan = this.#plans.get(run.functionId);
    const limit = plan?.concurrency?.limit;
    return { id: `${run.functionId}:${run.concurrencyKey ?? ""}`, limit: limit ?? Infinity, priority: plan?.priority };
  }

  async #drive(runId: string, fromQueue: boolean, held?: HeldRun): Promise<void> {
    const result = await this.#home.runInAsyncScope(() => driveRun(this.#deps, runId, (functionId) => this.#failureHandlerOf(functionId), held));
    if (result.status === "waiting") {
      const now = this.#clock.now();
      if (result.wakeAt <= now) await this.#startRuns([result.run], now);
      else await this.#options.queue.schedule([this.#runJob(result.run, result.wakeAt)]);
    } else if (result.status === "busy" && fromQueue) {
      // A queue job that found the run not due or leased re-arms the real wake-up (the lease's end).
      await this.#options.queue.schedule([this.#runJob(result.run, result.wakeAt)]);
    } else if (result.status === "ended" && result.failureEventId) {
      await this.#dispatch(await pendingEvents(this.#options.db, { ids: [result.failureEventId] }));
    }
  }

  #failureHandlerOf(functionId: string): string | undefined {
    for (const plan of this.#plans.values()) if (plan.failureOf === functionId) return plan.id;
    return undefined;
  }

  /** Creates the runs for stored events (idempotent: one run per function and event) and wakes them. */
  async #dispatch(events: JobEvent[]): Promise<void> {
    if (!events.length) return;
    const now = this.#clock.now();
    const runs: NewJobRun[] = [];
    for (const event of events) {
      for (const plan of functionsTriggeredBy(this.#plans.values(), event.payload, event.targetFunctionId)) {
        runs.push(this.#newRun(plan, event.payload, now));
      }
    }
    const created = await dispatchEvents(
      this.#options.db,
      events.map((event) => event.id),
      runs,
      new Date(now),
    );
    await this.#startRuns(created, now);
  }

  /** A new run, due now; `leased`: already claimed by this runner (version 1, its lease running). */
  #newRun(plan: FunctionPlan, event: JobEventPayload, now: number, leased = false): JobRun {
    return {
      id: newId(),
      functionId: plan.id,
      eventId: event.id,
      event,
      status: "queued",
      attempt: 0,
      maxAttempts: plan.maxAttempts,
      stepRetries: {},
      sleeps: {},
      disableImmediateExecution: false,
      concurrencyKey: concurrencyKeyFor(plan, event),
      wakeAt: new Date(leased ? now + this.#deps.leaseMs : now),
      output: null,
      error: null,
      version: leased ? 1 : 0,
      createdAt: new Date(now),
      updatedAt: new Date(now),
      endedAt: null,
    };
  }

  #runJob(run: RunRef, dueAt: number): ScheduledJob {
    const plan = this.#plans.get(run.functionId);
    const group = plan?.concurrency ? { id: `${plan.id}:${run.concurrencyKey ?? ""}`, tier: plan.id } : undefined;
    const job: QueueJob = { kind: "run", runId: run.id, functionId: run.functionId, concurrencyKey: run.concurrencyKey };
    return { key: runJobKey(run.id), dueAt, job, ...(group ? { group } : {}), ...(plan?.priority ? { priority: plan.priority } : {}) };
  }

  async #scheduleCrons(): Promise<void> {
    const now = this.#clock.now();
    const jobs = [...this.#plans.values()].flatMap((plan) => plan.crons.map((cron) => this.#cronJob(plan.id, cron, nextCronSlot(cron, now))));
    await this.#options.queue.schedule(jobs);
  }

  #cronJob(functionId: string, cron: string, slot: number): ScheduledJob {
    return { key: `cron:${functionId}:${cron}`, dueAt: slot, job: { kind: "cron", functionId, cron, slot }, priority: CLOCK_PRIORITY };
  }

  /** One cron slot: a deterministic event id makes a slot fired by several instances run once. */
  async #fireCron(functionId: string, cron: string, slot: number): Promise<void> {
    if (!this.#plans.get(functionId)?.crons.includes(cron)) return;
    const id = cronEventId(functionId, slot);
    const name = internalEvents.ScheduledTimer;
    await this.#accept([{ id, name, payload: { id, name, data: { cron }, ts: slot }, targetFunctionId: functionId, receivedAt: new Date(this.#clock.now()) }]);
    // Slots missed while no instance ran are skipped, as Inngest does.
    await this.#options.queue.schedule([this.#cronJob(functionId, cron, nextCronSlot(cron, Math.max(slot, this.#clock.now())))]);
  }

  /**
   * Dispatches events stored without a runner, re-arms runs due by `dueBy` (every unfinished run
   * without it) and deletes history past retention.
   */
  async #sweep(dueBy: number | undefined): Promise<void> {
    for (;;) {
      const events = await pendingEvents(this.#options.db, { limit: SWEEP_BATCH });
      await this.#dispatch(events);
      if (events.length < SWEEP_BATCH) break;
    }
    const runs = await unfinishedRuns(this.#options.db, dueBy === undefined ? undefined : new Date(dueBy));
    // While a backlog waits in the table, it is taken from there as room comes, not queued run by run.
    const lost = this.#backlogged ? [] : runs.filter((run) => !this.#localRuns.has(run.id));
    await this.#pullBacklog();
    await this.#options.queue.schedule(lost.map((run) => this.#runJob(run, run.wakeAt!.getTime())));
    await deleteFinishedBefore(this.#options.db, new Date(this.#clock.now() - (this.#options.retentionMs ?? 7 * DAY_MS)));
    const interval = this.#options.sweepIntervalMs === undefined ? 60_000 : this.#options.sweepIntervalMs;
    if (interval !== null)
      await this.#options.queue.schedule([{ key: "sweep", dueAt: this.#clock.now() + interval, job: { kind: "sweep" }, priority: CLOCK_PRIORITY }]);
  }
}

function logRunError(error: unknown, runId: string): void {
  log().error({ event: "run_failed_in_runner", runId, error: errorSummary(error) }, "Waybill jobs: a run failed in the runner and goes to the queue");
}
