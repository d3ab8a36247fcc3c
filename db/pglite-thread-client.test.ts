import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { PGliteThread, THREAD_YOUNG_GENERATION_MB } from "./pglite-thread-client";

/** The thread's heap with its young generation bounded (28 MB in all here, 52 MB without the bound): that, and PGlite's own objects. */
const HEAP_BOUND_MB = THREAD_YOUNG_GENERATION_MB + 30;

describe("the embedded database thread", () => {
  it("reports a thread that dies unexpectedly, and fails the calls waiting on it", async () => {
    // A real thread that never answers and then dies, as a crashed PGlite would.
    const worker = new Worker("setTimeout(() => process.exit(3), 100)", { eval: true });
    const onUnexpectedStop = vi.fn();
    const thread = PGliteThread.fromWorker(worker, onUnexpectedStop);
    const waiting = thread.query("select 1");
    await expect(waiting).rejects.toThrow(/exit code 3/);
    expect(onUnexpectedStop).toHaveBeenCalledOnce();
    await expect(thread.query("select 1")).rejects.toThrow(/exit code 3/);
  });

  it("reports its memory, and keeps its young generation small under a stream of statements", async () => {
    const thread = await PGliteThread.create();
    try {
      // PostgreSQL's WebAssembly memory is declared at start (128 MB in PGlite 0.5).
      expect((await thread.memory()).webAssemblyBytes).toBeGreaterThanOrEqual(64 * 2 ** 20);
      // Statements ten at a time, as the server's requests and background runs overlap: each one's
      // rows are made on the thread, sent, and dropped.
      for (let round = 0; round < 60; round++) {
        await Promise.all(Array.from({ length: 10 }, () => thread.query("select g, repeat('x', 200) as filler from generate_series(1, 2000) g")));
      }
      const { heapBytes } = await thread.memory();
      expect(heapBytes).toBeGreaterThan(2 ** 20);
      expect(heapBytes).toBeLessThan(HEAP_BOUND_MB * 2 ** 20);
    } finally {
      await thread.close();
    }
  });

  it("does not report a thread it closed itself", async () => {
    const onUnexpectedStop = vi.fn();
    const thread = await PGliteThread.create(undefined, onUnexpectedStop);
    expect((await thread.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await thread.close();
    expect(onUnexpectedStop).not.toHaveBeenCalled();
  });

  it("initialises a new directory before opening it, and opens it again with what was written", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "waybill-pglite-thread-"));
    try {
      const first = await PGliteThread.create(dataDir);
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
      await first.exec("create table kept (value text); insert into kept values ('written')");
      await first.close();
      const again = await PGliteThread.create(dataDir);
      expect((await again.query<{ value: string }>("select value from kept")).rows).toEqual([{ value: "written" }]);
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("opens a copy of a dump, and what the copy writes stays in the copy", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "waybill-pglite-thread-"));
    try {
      const original = await PGliteThread.create();
      await original.exec("create table kept (value text); insert into kept values ('dumped')");
      const dumpFile = path.join(dir, "dump.tar.gz");
      writeFileSync(dumpFile, await original.dumpDataDir());
      await original.close();
      const read = async (thread: PGliteThread) =>
        (await thread.query<{ value: string }>("select value from kept order by value")).rows.map((row) => row.value);

      const copy = await PGliteThread.create(undefined, undefined, dumpFile);
      expect(await read(copy)).toEqual(["dumped"]);
      await copy.exec("insert into kept values ('copied')");
      expect(await read(copy)).toEqual(["copied", "dumped"]);
      await copy.close();
      const another = await PGliteThread.create(undefined, undefined, dumpFile);
      expect(await read(another)).toEqual(["dumped"]);
      await another.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says which directory it could not initialise, at once", async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), "waybill-pglite-thread-"));
    const notADirectory = path.join(parent, "file");
    writeFileSync(notADirectory, "");
    try {
      await expect(PGliteThread.create(notADirectory)).rejects.toThrow(`Could not initialise the embedded database in ${notADirectory}: it is a file`);
      expect(readdirSync(parent)).toEqual(["file"]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
