// glibc's malloc keeps what a thread frees in that thread's arena, and raises its own threshold for
// handing big blocks back to the system as the program frees them. The server's compiler threads
// and the embedded database's thread free tens of megabytes after start, which then stayed
// resident: with both thresholds fixed at 128 KiB the idle server holds about 25 MB less (README,
// "Memory the allocator keeps").
// glibc reads them once, before the program's first allocation: hence a fresh start of this process.
const SETTINGS = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };

/**
 * The environment to start again with, or null when there is no need: on Linux, when a setting is
 * missing. An operator's own value of either setting is kept.
 */
export function environmentWithAllocatorSettings(env = process.env, platform = process.platform) {
  if (platform !== "linux" || Object.keys(SETTINGS).every((name) => env[name] !== undefined)) return null;
  return { ...SETTINGS, ...env };
}

/** Replaces this process (same pid, same arguments) with one started under the settings, when needed. */
export function restartWithAllocatorSettings() {
  const env = environmentWithAllocatorSettings();
  // process.execve arrived in Node 22.15; without it the server runs with glibc's defaults.
  if (!env || typeof process.execve !== "function") return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env);
}
