export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { collectStartGarbage, growHeapByHalf } = await import("./lib/heap-growth");
  growHeapByHalf();
  const { startServices } = await import("./lib/start-services");
  await startServices();
  collectStartGarbage();
}
