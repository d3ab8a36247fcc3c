// What the server process starts under, set by starting this same process again (same pid) when
// something is missing: both are read only as a process starts.
//
// glibc's malloc keeps what a thread frees in that thread's arena, and raises its own threshold for
// handing big blocks back to the system as the program frees them. The server's compiler threads
// and the embedded database's thread free tens of megabytes after start, which then stayed
// resident: with both thresholds fixed at 128 KiB the idle server holds about 25 MB less (README,
// "Memory the allocator keeps").
const ALLOCATOR_SETTINGS = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };
// Next.js keeps each request's state in AsyncLocalStorage. On Node 22 and 23 that tracks every
// promise through async hooks; on async context frames (Node 24's default) it costs nothing per
// promise: the API answers about 15 to 30 % more requests a second on the same cores (README,
// "Benchmarks").
const ASYNC_CONTEXT_FRAME = "--experimental-async-context-frame";

/**
 * The environment to start again with, or null when there is no need: on Linux, when a setting is
 * missing. An operator's own value of either setting is kept.
 */
export function environmentWithAllocatorSettings(env = process.env, platform = process.platform) {
  if (platform !== "linux" || Object.keys(ALLOCATOR_SETTINGS).every((name) => env[name] !== undefined)) return null;
  return { ...ALLOCATOR_SETTINGS, ...env };
}

/** Node's flags the server runs with: async context frames where Node has them but not by default. */
export function serverNodeFlags(version = process.versions.node, allowed = process.allowedNodeEnvironmentFlags) {
  return Number(version.split(".")[0]) < 24 && allowed.has(ASYNC_CONTEXT_FRAME) ? [ASYNC_CONTEXT_FRAME] : [];
}

/** Replaces this process (same pid, same arguments) with one started under the settings, when one is missing. */
export function restartWithServerSettings() {
  // process.execve arrived in Node 22.15; without it the server runs with Node's and glibc's defaults.
  if (typeof process.execve !== "function") return;
  const env = environmentWithAllocatorSettings();
  const flags = serverNodeFlags().filter((flag) => !process.execArgv.includes(flag) && !(process.env.NODE_OPTIONS ?? "").split(/\s+/).includes(flag));
  if (!env && !flags.length) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], env ?? process.env);
}
