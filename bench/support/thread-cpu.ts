// CPU time of each thread of this process, read from Linux's /proc: the main thread, the embedded
// database's worker thread and V8's helpers all count in process.cpuUsage(), which cannot tell them apart.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

/** Milliseconds of CPU (user and system) by thread id; a thread that ended meanwhile is left out. */
export function threadCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS);
    } catch {
      // ended meanwhile
    }
  }
  return cpu;
}

/** CPU since `before`: the main thread's, the busiest other thread's, and all the others' together. */
export function threadCpuSince(before: Map<number, number>): { mainMs: number; busiestOtherMs: number; restMs: number } {
  const others: number[] = [];
  let mainMs = 0;
  for (const [tid, ms] of threadCpu()) {
    const spent = ms - (before.get(tid) ?? 0);
    if (tid === process.pid) mainMs = spent;
    else others.push(spent);
  }
  others.sort((a, b) => b - a);
  return { mainMs, busiestOtherMs: others[0] ?? 0, restMs: others.slice(1).reduce((sum, ms) => sum + ms, 0) };
}
