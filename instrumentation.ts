export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServices } = await import("./lib/start-services");
  await startServices();
}
