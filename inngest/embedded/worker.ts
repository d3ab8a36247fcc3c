import { getDatabaseHandle } from "@/db/client";
import { inngest } from "@/lib/events/client";
import type { InngestFunction } from "inngest";
import { EmbeddedEngine } from "./engine";
import { PgBossQueue } from "./pg-boss-queue";

export interface EmbeddedWorker {
  engine: EmbeddedEngine;
  /** Stops taking jobs and waits (up to 30 s) for the runs in progress. */
  stop(): Promise<void>;
}

// One worker per process, shared by every Next.js bundle that asks for it.
const slot = globalThis as unknown as { __waybillEmbeddedWorker?: Promise<EmbeddedWorker> };

/**
 * Starts the in-process runner on the app database (idempotent). Rejects with
 * UnsupportedFunctionsError when a function needs a feature only Inngest has.
 */
export function startEmbeddedWorker(options: WorkerOptions): Promise<EmbeddedWorker> {
  slot.__waybillEmbeddedWorker ??= start(options).catch((error: unknown) => {
    slot.__waybillEmbeddedWorker = undefined;
    throw error;
  });
  return slot.__waybillEmbeddedWorker;
}

export async function stopEmbeddedWorker(): Promise<void> {
  const worker = slot.__waybillEmbeddedWorker;
  slot.__waybillEmbeddedWorker = undefined;
  await (await worker)?.stop();
}

export interface WorkerOptions {
  /** What it runs: the same list `serve()` hands to Inngest (inngest/functions). */
  functions: InngestFunction.Any[];
  concurrency?: number;
}

async function start(options: WorkerOptions): Promise<EmbeddedWorker> {
  const handle = await getDatabaseHandle();
  // Heavy steps share the event loop with requests, hence a small default.
  const concurrency = options.concurrency ?? 4;
  const queue = new PgBossQueue(handle, { concurrency });
  const engine = new EmbeddedEngine({ client: inngest, functions: options.functions, db: handle.db, queue, concurrency });
  try {
    await engine.start();
  } catch (error) {
    await queue.stop().catch(() => undefined);
    throw error;
  }
  return { engine, stop: () => engine.stop() };
}
