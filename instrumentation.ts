export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("./lib/env")).keepEnvironmentInPlainObject();
  const { collectStartGarbage, growHeapByHalf } = await import("./lib/heap-growth");
  growHeapByHalf();
  const { startOrExit } = await import("./lib/start-or-exit");
  await startOrExit();
  // Off the path to the first answer: the collection pauses the thread for 0.1 to 0.2 s.
  setTimeout(collectStartGarbage, 1000).unref();
}
