import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { ensureCluster } from "./new-cluster.mjs";

type Parsers = NonNullable<QueryOptions["parsers"]>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type Outgoing =
  | { kind: "query"; text: string; params?: unknown[]; options?: WireOptions; tx?: number }
  | { kind: "exec"; text: string; options?: WireOptions; tx?: number }
  | { kind: "begin" }
  | { kind: "end"; tx: number; commit: boolean }
  | { kind: "listen"; channel: string }
  | { kind: "unlisten"; listenId: number }
  | { kind: "dump" }
  | { kind: "memory" }
  | { kind: "close" };

type Incoming =
  | { kind: "ready" }
  | { kind: "result"; id: number; result: unknown }
  | { kind: "error"; id: number; error: { name?: string; message: string; stack?: string; fields: Record<string, unknown> } }
  | { kind: "notification"; channel: string; payload: string };

/** Query options without functions: the types whose parsers run on this side instead. */
type WireOptions = Omit<QueryOptions, "parsers" | "serializers" | "blob" | "onNotice"> & { rawTypes?: number[] };

// Resolved from the working directory like the migrations: the file is not part of the Next.js bundle.
const THREAD_SCRIPT = path.join(process.cwd(), "db", "pglite-thread.mjs");

/**
 * The thread's young generation, in MB. Everything it allocates (messages, parameters, rows) dies
 * within a statement, yet V8 lets the young generation grow to its default 32 MB under that stream
 * and keeps it committed: the thread's heap stood at about 55 MB after a 200 s footprint bench day.
 * 8 MB bounds that; a scavenge costs what survives, which here is next to nothing (README, "The database thread's young generation").
 */
export const THREAD_YOUNG_GENERATION_MB = 8;

/** What the database's thread holds: PostgreSQL's WebAssembly memory (it grows, never shrinks) and the thread's JavaScript heap. */
export interface EmbeddedDatabaseMemory {
  webAssemblyBytes: number;
  heapBytes: number;
}

/**
 * PGlite on its own worker thread, behind the part of PGlite's interface that drizzle and pg-boss
 * use (query, exec, transaction, listen, close). The database then works on a second core while
 * the app's own code runs on this one; statements keep PGlite's order and transaction semantics.
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  /** Set once the thread is gone: every later call fails at once instead of waiting for ever. */
  #stopped: Error | undefined;
  #closing = false;

  private constructor(
    worker: Worker,
    private readonly onUnexpectedStop: (error: Error) => void,
  ) {
    this.#worker = worker;
    worker.on("message", (message: Incoming) => this.#receive(message));
    worker.on("error", (error) => this.#died(error));
    worker.on("exit", (code) => this.#died(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /**
   * Starts the thread and opens the database (in memory without a directory, where `copyOf` names
   * a dump to start from instead of a new cluster). `onUnexpectedStop` hears of a thread that dies
   * without being closed: the server exits then, so a supervisor restarts it, rather than
   * answering every request with an error.
   */
  static async create(dataDir?: string, onUnexpectedStop: (error: Error) => void = () => {}, copyOf?: string): Promise<PGliteThread> {
    if (dataDir) await ensureCluster(dataDir);
    const worker = new Worker(THREAD_SCRIPT, { workerData: { dataDir, copyOf }, resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB } });
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once("error", onError);
      worker.once("message", (message: Incoming) => {
        worker.off("error", onError);
        if (message.kind === "ready") resolve();
        else reject(new Error(`The database thread answered ${message.kind} before it was ready`));
      });
    });
    return PGliteThread.fromWorker(worker, onUnexpectedStop);
  }

  /** Wraps a started thread (one that has said "ready"). */
  static fromWorker(worker: Worker, onUnexpectedStop: (error: Error) => void = () => {}): PGliteThread {
    return new PGliteThread(worker, onUnexpectedStop);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const { wire, parsers } = splitOptions(options);
    return this.#send<Results<T>>({ kind: "query", text, params, options: wire, tx }).then((result) => applyParsers(result, parsers));
  }

  exec(text: string, options?: QueryOptions, tx?: number): Promise<Array<Results>> {
    const { wire, parsers } = splitOptions(options);
    return this.#send<Array<Results>>({ kind: "exec", text, options: wire, tx }).then((results) => results.map((result) => applyParsers(result, parsers)));
  }

  /** Commits when `callback` resolves, rolls back when it throws (and rethrows), as PGlite does. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    // The `begin` message's id names the transaction on the thread.
    const id = this.#nextId;
    await this.#send({ kind: "begin" });
    // What drizzle and pg-boss call on a transaction; they roll back by throwing.
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => this.query<R>(text, params, options, id),
      exec: (text: string, options?: QueryOptions) => this.exec(text, options, id),
    } as unknown as Transaction;
    try {
      const result = await callback(tx);
      await this.#send({ kind: "end", tx: id, commit: true });
      return result;
    } catch (error) {
      await this.#send({ kind: "end", tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    // The `listen` message's id names the subscription on the thread.
    const listenId = this.#nextId;
    await this.#send({ kind: "listen", channel });
    const callbacks = this.#listeners.get(channel) ?? new Set();
    callbacks.add(callback);
    this.#listeners.set(channel, callbacks);
    return async () => {
      callbacks.delete(callback);
      await this.#send({ kind: "unlisten", listenId });
    };
  }

  /** A consistent copy of the data directory (a gzipped tar, PGlite's `dumpDataDir`), taken while the database keeps serving. */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#send<Uint8Array>({ kind: "dump" });
  }

  /** The thread's memory, for /metrics. */
  memory(): Promise<EmbeddedDatabaseMemory> {
    return this.#send<EmbeddedDatabaseMemory>({ kind: "memory" });
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#closing = true;
    await this.#send({ kind: "close" });
    await this.#worker.terminate();
    this.#stop(new Error("The database thread stopped (closed)"));
  }

  /** The shape the rest of the app types the embedded database with. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }

  #send<T>(message: Outgoing): Promise<T> {
    const id = this.#nextId++;
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #receive(message: Incoming): void {
    if (message.kind === "notification") {
      for (const callback of this.#listeners.get(message.channel) ?? []) callback(message.payload);
      return;
    }
    if (message.kind === "ready") return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.kind === "result") pending.resolve(message.result);
    else pending.reject(databaseError(message.error));
  }

  #died(error: Error): void {
    const unexpected = !this.#closing && !this.#stopped;
    this.#stop(error);
    if (unexpected) this.onUnexpectedStop(error);
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

function splitOptions(options: QueryOptions | undefined): { wire?: WireOptions; parsers?: Parsers } {
  if (!options) return {};
  const { parsers, serializers: _serializers, blob: _blob, onNotice: _onNotice, ...rest } = options;
  const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
  return { wire: { ...rest, ...(rawTypes?.length ? { rawTypes } : {}) }, parsers };
}

/** Runs the caller's parsers over the text the thread left for them. */
function applyParsers<T>(result: Results<T>, parsers: Parsers | undefined): Results<T> {
  if (!parsers || !result.rows.length) return result;
  const parsed = result.fields.map((field, index) => ({ index, name: field.name, parse: parsers[field.dataTypeID] }));
  const columns = parsed.filter((column) => column.parse);
  if (!columns.length) return result;
  for (const row of result.rows as Array<Record<string, unknown> | unknown[]>) {
    for (const { index, name, parse } of columns) {
      if (Array.isArray(row)) row[index] = row[index] === null ? null : parse!(row[index] as string);
      else row[name] = row[name] === null ? null : parse!(row[name] as string);
    }
  }
  return result;
}

function databaseError(wire: { name?: string; message: string; stack?: string; fields: Record<string, unknown> }): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  if (wire.name) error.name = wire.name;
  if (wire.stack) error.stack = wire.stack;
  return error;
}
