import { Worker } from "node:worker_threads";
import { InvalidError, LimitReachedError } from "@/lib/domain-errors";
import { LIQUID_OPTIONS } from "./liquid-options";
import { TEMPLATE_WORKER_SOURCE } from "./template-worker-source";

/** One part of a message to render, with the most characters its output may have. */
export interface TemplatePart {
  name: string;
  source: string;
  format: "html" | "plain";
  limit: number;
}

/** A render takes at most this long, queueing aside; past it the worker is stopped and replaced. */
export const RENDER_TIME_LIMIT_MS = 1_000;
/** Renders waiting beyond this many are refused: a flood of previews or sends cannot grow the queue without end. */
const MAX_WAITING = 200;
/** An idle worker is stopped, so a server that sends nothing holds no thread for it. */
const IDLE_MS = 30_000;
/** The worker's heap: a template that builds more than this (captures, appends) fails alone. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

interface Job {
  id: number;
  parts: TemplatePart[];
  variables: Record<string, unknown>;
  total: number;
  resolve(outputs: Record<string, string>): void;
  reject(error: Error): void;
}

type Answer =
  { id: number; outputs: Record<string, string> } | { id: number; part: string; problem: "too-large" | "total-too-large" | "error"; reason?: string };

function problemError(job: Job, answer: Extract<Answer, { problem: string }>): InvalidError {
  const part = job.parts.find((candidate) => candidate.name === answer.part)!;
  const message =
    answer.problem === "too-large"
      ? `${part.name}: renders to more than ${part.limit.toLocaleString("en")} characters; shorten loops and repeated text.`
      : answer.problem === "total-too-large"
        ? `${part.name}: the message renders to more than ${job.total.toLocaleString("en")} characters in all.`
        : `${part.name}: ${answer.reason}`;
  return new InvalidError(part.name, "invalid", message);
}

/**
 * Merchant templates render on a worker thread, one at a time, each within a time limit and its
 * output bounds: a runaway template fails on its own, and the event loop that answers API requests
 * never waits for one.
 */
class TemplateWorker {
  private worker: Worker | null = null;
  private current: Job | null = null;
  private readonly waiting: Job[] = [];
  private timer: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  private sequence = 0;

  render(parts: TemplatePart[], variables: Record<string, unknown>, total: number): Promise<Record<string, string>> {
    if (this.waiting.length >= MAX_WAITING)
      return Promise.reject(new LimitReachedError("template-renders", "Too many messages are being rendered right now; try again in a moment.", true));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: ++this.sequence, parts, variables, total, resolve, reject });
      this.next();
    });
  }

  private start(): Worker {
    const worker = new Worker(TEMPLATE_WORKER_SOURCE, { eval: true, workerData: { options: LIQUID_OPTIONS }, resourceLimits: RESOURCE_LIMITS });
    worker.unref();
    worker.on("message", (answer: Answer) => this.answered(answer));
    worker.on("error", (error: Error & { code?: string }) => {
      const reason =
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? "the template needs more memory than a message may use"
          : `the template could not be rendered (${error.message})`;
      this.fail(worker, reason);
    });
    worker.on("exit", () => this.fail(worker, "the template could not be rendered (the renderer stopped)"));
    return worker;
  }

  private next(): void {
    if (this.current || !this.waiting.length) return;
    clearTimeout(this.idle);
    const job = (this.current = this.waiting.shift()!);
    this.worker ??= this.start();
    const worker = this.worker;
    this.timer = setTimeout(() => {
      this.fail(worker, `the template took longer than ${RENDER_TIME_LIMIT_MS / 1000} s to render`);
      void worker.terminate();
    }, RENDER_TIME_LIMIT_MS);
    worker.postMessage({ id: job.id, parts: job.parts, variables: job.variables, total: job.total });
  }

  private answered(answer: Answer): void {
    const job = this.current;
    if (!job || job.id !== answer.id) return;
    this.finish();
    if ("outputs" in answer) job.resolve(answer.outputs);
    else job.reject(problemError(job, answer));
    this.next();
  }

  /** The worker died or was stopped: the job it had fails with the reason, the next starts a new worker. */
  private fail(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.current;
    this.finish();
    job?.reject(new InvalidError(job.parts[0]?.name ?? "template", "invalid", `${job.parts.map((part) => part.name).join(", ")}: ${reason}.`));
    this.next();
  }

  private finish(): void {
    clearTimeout(this.timer);
    this.current = null;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      const worker = this.worker;
      this.worker = null;
      void worker?.terminate();
    }, IDLE_MS);
    this.idle.unref();
  }
}

const shared = new TemplateWorker();

/** Renders the parts in order on the shared worker; an `InvalidError` names the part and the reason. */
export function renderOnWorker(parts: TemplatePart[], variables: Record<string, unknown>, total: number): Promise<Record<string, string>> {
  return shared.render(parts, variables, total);
}
