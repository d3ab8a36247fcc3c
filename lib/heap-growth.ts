import { setFlagsFromString } from "node:v8";

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
