import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { environmentWithAllocatorSettings, serverNodeFlags } from "./process-settings.mjs";

describe("the allocator's settings", () => {
  it("are added to the environment on Linux, keeping an operator's own value and everything else", () => {
    expect(environmentWithAllocatorSettings({ PATH: "/usr/bin", MALLOC_TRIM_THRESHOLD_: "0" }, "linux")).toEqual({
      PATH: "/usr/bin",
      MALLOC_MMAP_THRESHOLD_: "131072",
      MALLOC_TRIM_THRESHOLD_: "0",
    });
  });

  it("ask for no fresh start once both are set, or away from Linux", () => {
    expect(environmentWithAllocatorSettings({ MALLOC_MMAP_THRESHOLD_: "1", MALLOC_TRIM_THRESHOLD_: "2" }, "linux")).toBeNull();
    expect(environmentWithAllocatorSettings({ PATH: "/usr/bin" }, "darwin")).toBeNull();
  });
});

describe("Node's flags for the server", () => {
  const flag = "--experimental-async-context-frame";

  it("put AsyncLocalStorage on async context frames where Node has them but not by default", () => {
    expect(serverNodeFlags("22.23.3", new Set([flag]))).toEqual([flag]);
    expect(serverNodeFlags("24.1.0", new Set([flag]))).toEqual([]);
    expect(serverNodeFlags("22.6.0", new Set())).toEqual([]);
  });
});

// process.execve arrived in Node 22.15.
describe.runIf("execve" in process)("the restart under the settings", () => {
  const script = `
    import { AsyncLocalStorage } from "node:async_hooks";
    import { restartWithServerSettings } from "./scripts/process-settings.mjs";
    if (!process.env.FIRST_PID) process.env.FIRST_PID = String(process.pid);
    restartWithServerSettings();
    const storage = new AsyncLocalStorage();
    const store = await storage.run("kept", async () => { await new Promise((resolve) => setTimeout(resolve, 1)); return storage.getStore(); });
    console.log(JSON.stringify({ first: process.env.FIRST_PID, pid: String(process.pid), mmap: process.env.MALLOC_MMAP_THRESHOLD_, argv: process.argv.slice(1), execArgv: process.execArgv, store }));`;

  it("keeps the pid and the arguments, and adds what was missing", () => {
    const env = { ...process.env, MALLOC_MMAP_THRESHOLD_: undefined, MALLOC_TRIM_THRESHOLD_: undefined, FIRST_PID: undefined, NODE_OPTIONS: undefined };
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script, "--", "kept"], { env, encoding: "utf8" });
    expect(result.stderr).toBe("");
    const seen = JSON.parse(result.stdout);
    expect(seen).toMatchObject({ pid: seen.first, argv: ["kept"], store: "kept" });
    if (process.platform === "linux") expect(seen.mmap).toBe("131072");
    // The flags this Node wants, as the parent computes them: a child that chose none would pass vacuously.
    expect(seen.execArgv).toEqual(expect.arrayContaining(serverNodeFlags()));
  });
});
