import { durationToMs, internalEvents } from "inngest";
import type { Database } from "@/db/client";
import type { JobRun, JobRunStatus, JobSleep, JobStepRetry, MemoisedStep, NewJobEvent } from "@/db/schema";
import type { Clock } from "./clock";
import type { SdkAnswer, SdkHandler, SdkOp } from "./sdk-handler";
import { claimRun, extendLease, type FinishedStep, type RunChanges, type RunRecord, runWakeUp, saveRun } from "./store";

export interface ExecutorDeps {
  db: Database;
  sdk: SdkHandler;
  clock: Clock;
  /** Milliseconds to wait before attempt number `attempt` (1 for the first retry). */
  backoff: (attempt: number) => number;
  /** How long a claim keeps other runners off a run; renewed while the drive lasts. */
  leaseMs: number;
}

/** What the runner does next with a run it drove. */
export type DriveResult =
  | { status: "waiting"; wakeAt: number; run: Pick<JobRun, "id" | "functionId" | "concurrencyKey"> }
  | { status: "ended"; failureEventId?: string }
  /** Not due, or driven by another runner (it holds the lease until `wakeAt`). */
  | { status: "busy"; wakeAt: number; run: Pick<JobRun, "id" | "functionId" | "concurrencyKey"> }
  | { status: "skipped" };

/** 10 s, 20 s, 40 s … capped at an hour: Inngest's own schedule is similar, with jitter. */
export function defaultBackoff(attempt: number): number {
  return Math.min(10_000 * 2 ** Math.max(attempt - 1, 0), 60 * 60 * 1000);
}

// A long run yields its worker after this many SDK requests and carries on in a new job.
const MAX_REQUESTS_PER_DRIVE = 200;

const UNSUPPORTED_OPS: Record<string, string> = {
  WaitForEvent: "step.waitForEvent",
  InvokeFunction: "step.invoke",
  AIGateway: "step.ai.infer",
  Gateway: "step.fetch",
  WaitForSignal: "step.waitForSignal",
  DeferAdd: "defer",
  DeferAbort: "defer",
};

class LostRunError extends Error {}

/** A run created leased to this runner: driven without a claim while enough of its lease is left. */
export interface HeldRun {
  record: RunRecord;
  leaseUntil: number;
}

/**
 * Claims one due run and drives it as far as it can go now: asks the SDK what to do, runs the steps
 * it plans (parallel ones concurrently), memoises results and saves after every step, and stops at
 * a sleep, a retry back-off or the end. Steps are at-least-once: a crash between a step and its
 * save repeats the step once the lease lapses.
 */
export async function driveRun(
  deps: ExecutorDeps,
  runId: string,
  failureHandlerOf: (functionId: string) => string | undefined,
  held?: HeldRun,
): Promise<DriveResult> {
  const now = deps.clock.now();
  // Half the lease left at least: the renewal (every third of a lease) keeps it from there.
  const record =
    held && held.leaseUntil - now >= deps.leaseMs / 2
      ? held.record
      : await claimRun(deps.db, runId, new Date(now), new Date(now + deps.leaseMs), held?.record.run.version);
  if (!record) {
    const run = await runWakeUp(deps.db, runId);
    if (!run?.wakeAt) return { status: "skipped" };
    return { status: "busy", wakeAt: run.wakeAt.getTime(), run: { id: run.id, functionId: run.functionId, concurrencyKey: run.concurrencyKey } };
  }
  const driver = new RunDriver(deps, record, failureHandlerOf(record.run.functionId));
  // A step may outlast the lease: renewing it keeps other instances from starting the run again.
  const renewal = setInterval(() => void driver.renewLease().catch(() => undefined), deps.leaseMs / 3);
  renewal.unref();
  try {
    return await driver.drive();
  } catch (error) {
    if (error instanceof LostRunError) return { status: "skipped" };
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

class RunDriver {
  readonly #deps: ExecutorDeps;
  readonly #run: JobRun;
  readonly #failureHandlerId: string | undefined;
  readonly #steps: Record<string, MemoisedStep>;
  readonly #stack: string[];
  #unsaved: FinishedStep[] = [];
  #sleeps: Record<string, JobSleep>;
  #stepRetries: Record<string, JobStepRetry>;
  #attempt: number;
  #disableImmediate: boolean;
  #version: number;
  /** The error of a step waiting for its retry, shown on the run while it waits. */
  #stepError: unknown;

  constructor(deps: ExecutorDeps, record: RunRecord, failureHandlerId: string | undefined) {
    this.#deps = deps;
    this.#run = record.run;
    this.#failureHandlerId = failureHandlerId;
    this.#steps = { ...record.steps };
    this.#stack = [...record.stack];
    this.#sleeps = { ...record.run.sleeps };
    this.#stepRetries = { ...record.run.stepRetries };
    this.#attempt = record.run.attempt;
    this.#disableImmediate = record.run.disableImmediateExecution;
    this.#version = record.run.version;
  }

  async drive(): Promise<DriveResult> {
    for (const [id, sleep] of Object.entries(this.#sleeps)) {
      if (sleep.at <= this.#now()) this.#memoise(id, sleep.name, { type: "data", data: null });
    }
    for (let request = 0; request < MAX_REQUESTS_PER_DRIVE; request++) {
      const answer = await this.#deps.sdk.call(this.#request("step", this.#attempt));
      const next = await this.#apply(answer);
      if (next !== "continue") return next;
    }
    // Gives the run back, due now, so other work gets a turn.
    await this.#save({ status: "queued", wakeAt: new Date(this.#now()) });
    return this.#waiting(this.#now());
  }

  renewLease(): Promise<void> {
    return extendLease(this.#deps.db, this.#run.id, this.#version, this.#leaseEnd());
  }

  async #apply(answer: SdkAnswer): Promise<DriveResult | "continue"> {
    switch (answer.kind) {
      case "completed":
        return this.#end("completed", { output: answer.output, error: null });
      case "failed":
        return this.#end("failed", { error: answer.error });
      case "retry":
        return this.#retryRun(answer.error, answer.retryAfter);
      case "ops": {
        const [only] = answer.ops;
        if (answer.ops.length === 1 && only && isStepResult(only)) return this.#applyImmediate(only, answer.retryAfter);
        return this.#applyFound(answer.ops);
      }
    }
  }

  /** A step the SDK ran straight away during discovery: its attempt is the run's attempt. */
  async #applyImmediate(op: SdkOp, retryAfter: string | undefined): Promise<DriveResult | "continue"> {
    if (op.op === "StepError") return this.#retryRun(op.error, retryAfter);
    this.#memoiseResult(op);
    this.#attempt = 0;
    await this.#save({ status: "queued", wakeAt: this.#leaseEnd() });
    return "continue";
  }

  async #applyFound(ops: SdkOp[]): Promise<DriveResult | "continue"> {
    if (ops.length === 0) return this.#end("failed", { error: jsonError("Error", "The SDK reported no work for an unfinished run") });
    if (ops.length > 1) this.#disableImmediate = true;
    let progressed = false;
    const planned: SdkOp[] = [];
    for (const op of ops) {
      const unsupported = UNSUPPORTED_OPS[op.op];
      if (unsupported) {
        const message = `${unsupported} ("${stepName(op) ?? op.id}") is not supported by the embedded job runner; run on Inngest (JOBS_MODE=inngest) to use it`;
        return this.#end("failed", { error: jsonError("UnsupportedStepError", message) });
      }
      if (op.op === "Sleep") {
        if (this.#sleeps[op.id] !== undefined) continue;
        const endsAt = sleepEnd(op.name ?? "", this.#now());
        if (Number.isNaN(endsAt)) return this.#end("failed", { error: jsonError("Error", `Cannot read the sleep "${op.name}"`) });
        if (endsAt <= this.#now()) {
          this.#memoise(op.id, stepName(op), { type: "data", data: null });
          progressed = true;
        } else this.#sleeps[op.id] = { at: endsAt, name: stepName(op) };
      } else if (op.op === "StepPlanned") planned.push(op);
      else return this.#end("failed", { error: jsonError("Error", `The SDK answered with an unexpected op "${op.op}"`) });
    }
    const due = planned.filter((op) => (this.#stepRetries[op.id]?.at ?? 0) <= this.#now());
    const answers = await Promise.all(due.map((op) => this.#deps.sdk.call(this.#request(op.id, this.#stepRetries[op.id]?.attempt ?? 0))));
    let runRetry: Extract<SdkAnswer, { kind: "retry" }> | undefined;
    for (const [index, answer] of answers.entries()) {
      const op = due[index]!;
      if (answer.kind === "failed") return this.#end("failed", { error: answer.error });
      if (answer.kind === "retry") runRetry ??= answer;
      const result = answer.kind === "ops" ? answer.ops[0] : undefined;
      if (!result || !isStepResult(result)) continue;
      if (result.op === "StepError") {
        const attempt = (this.#stepRetries[op.id]?.attempt ?? 0) + 1;
        this.#stepRetries[op.id] = { attempt, at: this.#retryAt(attempt, answer.kind === "ops" ? answer.retryAfter : undefined) };
        this.#stepError = result.error;
      } else {
        this.#memoiseResult(result);
        progressed = true;
      }
    }
    if (runRetry) {
      if (progressed) await this.#save({ status: "queued", wakeAt: this.#leaseEnd() });
      return this.#retryRun(runRetry.error, runRetry.retryAfter);
    }
    if (progressed) {
      this.#attempt = 0;
      await this.#save({ status: "queued", wakeAt: this.#leaseEnd() });
      return "continue";
    }
    return this.#pause();
  }

  /** Nothing can move until a sleep ends or a step's back-off passes. */
  async #pause(): Promise<DriveResult> {
    const sleeps = Object.values(this.#sleeps).map((sleep) => sleep.at);
    const retries = Object.values(this.#stepRetries).map((retry) => retry.at);
    const wakeAt = Math.min(...sleeps, ...retries);
    if (!Number.isFinite(wakeAt)) return this.#end("failed", { error: jsonError("Error", "The run stalled with nothing to wait for") });
    const status = sleeps.includes(wakeAt) ? "sleeping" : "retrying";
    await this.#save({ status, wakeAt: new Date(wakeAt), ...(this.#stepError === undefined ? {} : { error: this.#stepError }) });
    return this.#waiting(wakeAt);
  }

  /** A retriable error outside a targeted step: the next attempt of the run, after its back-off. */
  async #retryRun(error: unknown, retryAfter: string | undefined): Promise<DriveResult> {
    const attempt = this.#attempt + 1;
    if (attempt >= this.#run.maxAttempts) return this.#end("failed", { error });
    this.#attempt = attempt;
    const wakeAt = this.#retryAt(attempt, retryAfter);
    await this.#save({ status: "retrying", wakeAt: new Date(wakeAt), error });
    return this.#waiting(wakeAt);
  }

  async #end(status: Extract<JobRunStatus, "completed" | "failed">, result: Pick<RunChanges, "output" | "error">): Promise<DriveResult> {
    const now = new Date(this.#now());
    const failureEvent = status === "failed" ? this.#failureEvent(result.error, now) : undefined;
    this.#sleeps = {};
    this.#stepRetries = {};
    await this.#save({ status, wakeAt: null, endedAt: now, ...result }, failureEvent);
    return { status: "ended", failureEventId: failureEvent?.id };
  }

  /** `inngest/function.failed` for the function's onFailure handler, shaped as the SDK expects it. */
  #failureEvent(error: unknown, now: Date): NewJobEvent | undefined {
    if (!this.#failureHandlerId) return undefined;
    const id = `failure:${this.#run.id}`;
    const data = { function_id: this.#run.functionId, run_id: this.#run.id, error: asJsonError(error), event: this.#run.event };
    return {
      id,
      name: internalEvents.FunctionFailed,
      payload: { id, name: internalEvents.FunctionFailed, data, ts: now.getTime() },
      targetFunctionId: this.#failureHandlerId,
      receivedAt: now,
    };
  }

  #memoiseResult(op: SdkOp): void {
    const result: MemoisedStep = op.op === "StepFailed" ? { type: "error", error: op.error } : { type: "data", data: op.data ?? null };
    this.#memoise(op.id, stepName(op), result);
  }

  #memoise(stepId: string, name: string | null, result: MemoisedStep): void {
    this.#steps[stepId] = result;
    this.#stack.push(stepId);
    this.#unsaved.push({ stepId, name, result });
    delete this.#sleeps[stepId];
    delete this.#stepRetries[stepId];
  }

  async #save(changes: RunChanges, failureEvent?: NewJobEvent): Promise<void> {
    const position = this.#stack.length - this.#unsaved.length;
    const saved = await saveRun(
      this.#deps.db,
      { runId: this.#run.id, version: this.#version, position },
      {
        attempt: this.#attempt,
        sleeps: this.#sleeps,
        stepRetries: this.#stepRetries,
        disableImmediateExecution: this.#disableImmediate,
        updatedAt: new Date(this.#now()),
        ...changes,
      },
      this.#unsaved,
      failureEvent,
    );
    if (!saved) throw new LostRunError(`Run ${this.#run.id} was saved by another runner`);
    this.#version++;
    this.#unsaved = [];
  }

  #request(stepId: string, attempt: number) {
    return {
      functionId: this.#run.functionId,
      stepId,
      runId: this.#run.id,
      event: this.#run.event,
      steps: this.#steps,
      stack: this.#stack,
      attempt,
      maxAttempts: this.#run.maxAttempts,
      disableImmediateExecution: this.#disableImmediate,
    };
  }

  #retryAt(attempt: number, retryAfter: string | undefined): number {
    const now = this.#now();
    if (retryAfter) {
      const at = /^\d+$/.test(retryAfter) ? now + Number(retryAfter) * 1000 : Date.parse(retryAfter);
      if (Number.isFinite(at)) return Math.max(at, now);
    }
    return now + this.#deps.backoff(attempt);
  }

  #waiting(wakeAt: number): DriveResult {
    const { id, functionId, concurrencyKey } = this.#run;
    return { status: "waiting", wakeAt, run: { id, functionId, concurrencyKey } };
  }

  #now(): number {
    return this.#deps.clock.now();
  }

  /** Every save while the drive goes on renews the lease. */
  #leaseEnd(): Date {
    return new Date(this.#now() + this.#deps.leaseMs);
  }
}

function isStepResult(op: SdkOp): boolean {
  return op.op === "StepRun" || op.op === "StepError" || op.op === "StepFailed";
}

function stepName(op: SdkOp): string | null {
  return op.userland?.id ?? op.displayName ?? op.name ?? null;
}

/** `step.sleep` sends a duration ("1h", "" for zero), `step.sleepUntil` an ISO time; NaN if neither. */
function sleepEnd(name: string, now: number): number {
  if (!name) return now;
  if (/^\d{4}-\d{2}-\d{2}/.test(name)) return Date.parse(name);
  try {
    return now + durationToMs(name);
  } catch {
    return Number.NaN;
  }
}

function jsonError(name: string, message: string) {
  return { name, message };
}

/** The `{ name, message, stack }` shape the SDK parses an onFailure error from. */
function asJsonError(error: unknown): Record<string, string> {
  if (error && typeof error === "object") {
    const fields = Object.entries(error).filter((entry): entry is [string, string] => typeof entry[1] === "string");
    const json = Object.fromEntries(fields);
    return { name: "Error", message: "Unknown error", ...json };
  }
  return { name: "Error", message: String(error) };
}
