import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { PGliteThread } from "./pglite-thread-client";

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

  it("does not report a thread it closed itself", async () => {
    const onUnexpectedStop = vi.fn();
    const thread = await PGliteThread.create(undefined, onUnexpectedStop);
    expect((await thread.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await thread.close();
    expect(onUnexpectedStop).not.toHaveBeenCalled();
  });
});
