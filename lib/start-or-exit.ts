/**
 * Starts the server's services (lib/start-services), or says why it cannot and exits: Next.js would
 * go on listening and answer every request with a 500, where a supervisor restarts an exit.
 * Loading the services can fail too (settings are read as their modules load), hence the import here.
 */
export async function startOrExit(): Promise<void> {
  try {
    const { startServices } = await import("./start-services");
    await startServices();
  } catch (error) {
    console.error(`Waybill could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
