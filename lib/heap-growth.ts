import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * After each full collection V8 lets the heap grow to up to 4 times what survived it when the
 * machine has plenty of memory, and it judges "plenty" by the machine, not by what else runs on
 * it: a day of polls took the server from 70 MB of heap to 540 while 70 to 90 MB were live, and
 * its resident memory to 1.1 GB (`npm run bench -- footprint`). Growing by half of what survived
 * held the peak to about 600 MB for no CPU the benches could see: the heap is collected more often
 * while little of it is live. An operator's own `--heap-growing-percent` wins.
 */
export const HEAP_GROWING_PERCENT = 50;

export function growHeapByHalf(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => arg.startsWith("--heap-growing-percent") || arg.startsWith("--heap_growing_percent"))) return;
  // Read at every collection, so setting it once the process runs takes effect (Node leaves V8's flags unfrozen).
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * A full collection once the server has started, of the kind V8 runs when memory runs short.
 * Start-up (loading the modules, migrating, seeding the demo organisation) leaves some 40 MB of
 * garbage in the heap, and nothing collects it while the server waits for its first requests: V8
 * collects when the heap fills, and its memory reducer first ran 20 to 40 s later. Start-up also
 * grows the young generation to V8's largest (a 32 MB new space), which an ordinary collection
 * keeps; this kind shrinks it back to 1 MB, and load grows it again as it needs (README, "The young
 * generation after start"). The pause is 0.1–0.2 s, once.
 */
export function collectStartGarbage(): void {
  // `gc` exists only in contexts made while the flag is set: this one.
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;
  setFlagsFromString("--no-expose-gc");
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
}
