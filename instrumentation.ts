export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { collectStartGarbage, growHeapByHalf } = await import("./lib/heap-growth");
  growHeapByHalf();
  const { startServices } = await import("./lib/start-services");
  await startServices();
  // Off the path to the first answer: the collection pauses the thread for tens of milliseconds.
  setTimeout(collectStartGarbage, 1000).unref();
}
