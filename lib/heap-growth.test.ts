import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const moduleUrl = pathToFileURL(path.resolve("lib/heap-growth.ts")).href;

/**
 * A heap's largest size over a workload like a busy server's: 40 MB that stays live, and garbage
 * that lives long enough to be promoted before it dies. Run in a process of its own: V8's flags are
 * the process's.
 */
function largestHeapMb(setUp: string, nodeFlags: string[] = []): number {
  const script = `
    import v8 from "node:v8";
    ${setUp}
    const live = Array.from({ length: 400000 }, (_, i) => ({ i, s: "x" + i }));
    const ring = new Array(40);
    let largest = 0;
    for (let round = 0; round < 2000; round++) {
      ring[round % ring.length] = Array.from({ length: 2000 }, (_, i) => ({ round, s: "y" + i + round, a: new Array(8).fill(i) }));
      largest = Math.max(largest, v8.getHeapStatistics().total_heap_size);
    }
    console.log(largest / 2 ** 20, live.length);`;
  const output = execFileSync(process.execPath, [...nodeFlags, "--no-warnings", "--input-type=module", "-e", script], { encoding: "utf8" });
  return Number(output.split(" ")[0]);
}

describe("growHeapByHalf", () => {
  const growByHalf = `const { growHeapByHalf } = await import(${JSON.stringify(moduleUrl)}); growHeapByHalf();`;

  it("keeps the heap far smaller than V8's own growth on a machine with memory to spare", () => {
    const own = largestHeapMb("");
    const byHalf = largestHeapMb(growByHalf);
    expect(byHalf).toBeLessThan(own * 0.8);
  });

  it("leaves an operator's own setting alone", () => {
    const operators = largestHeapMb(growByHalf, ["--heap-growing-percent=300"]);
    const byHalf = largestHeapMb(growByHalf);
    expect(operators).toBeGreaterThan(byHalf / 0.8);
  });
});

describe("collectStartGarbage", () => {
  it("collects the garbage start-up leaves, in the server's own context", () => {
    const script = `
      const { collectStartGarbage } = await import(${JSON.stringify(moduleUrl)});
      let garbage = Array.from({ length: 300000 }, (_, i) => ({ i, s: "z" + i }));
      garbage = null;
      const before = process.memoryUsage().heapUsed;
      collectStartGarbage();
      const after = process.memoryUsage().heapUsed;
      console.log(JSON.stringify({ freedMb: (before - after) / 2 ** 20, gcExposed: typeof globalThis.gc }));`;
    const output = execFileSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], { encoding: "utf8" });
    const { freedMb, gcExposed } = JSON.parse(output);
    expect(freedMb).toBeGreaterThan(10);
    expect(gcExposed).toBe("undefined");
  });

  it("shrinks the young generation that start-up grew back to V8's smallest", () => {
    // Objects that live through a few scavenges make V8 grow the young generation to its largest.
    const script = `
      import v8 from "node:v8";
      const { collectStartGarbage } = await import(${JSON.stringify(moduleUrl)});
      const newSpaceMb = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space").space_size / 2 ** 20;
      let kept = [];
      for (let i = 0; i < 3000000; i++) {
        kept.push({ i, s: "y" + i });
        if (kept.length > 200000) kept = [];
      }
      kept = null;
      const grown = newSpaceMb();
      collectStartGarbage();
      console.log(JSON.stringify({ grown, after: newSpaceMb() }));`;
    const output = execFileSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], { encoding: "utf8" });
    const { grown, after } = JSON.parse(output);
    expect(grown).toBeGreaterThanOrEqual(8);
    expect(after).toBeLessThanOrEqual(2);
  });
});
