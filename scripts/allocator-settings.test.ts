import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { environmentWithAllocatorSettings } from "./allocator-settings.mjs";

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

  // process.execve arrived in Node 22.15, and the settings are glibc's.
  it.runIf(process.platform === "linux" && "execve" in process)("start the process again under them, with the same pid and arguments", () => {
    const script = `
      import { restartWithAllocatorSettings } from "./scripts/allocator-settings.mjs";
      if (!process.env.FIRST_PID) process.env.FIRST_PID = String(process.pid);
      restartWithAllocatorSettings();
      console.log(JSON.stringify({ first: process.env.FIRST_PID, pid: String(process.pid), mmap: process.env.MALLOC_MMAP_THRESHOLD_, argv: process.argv.slice(1) }));`;
    const env = { ...process.env, MALLOC_MMAP_THRESHOLD_: undefined, MALLOC_TRIM_THRESHOLD_: undefined, FIRST_PID: undefined };
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script, "--", "kept"], { env, encoding: "utf8" });
    expect(result.stderr).toBe("");
    const seen = JSON.parse(result.stdout);
    expect(seen).toMatchObject({ pid: seen.first, mmap: "131072", argv: ["kept"] });
  });
});
