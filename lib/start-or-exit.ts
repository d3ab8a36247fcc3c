import { openDatabaseAtStart } from "./open-database-at-start";

/**
 * Starts the server (the database, then lib/start-services), or says why it cannot and exits:
 * Next.js would go on listening and answer every request with a 500, where a supervisor restarts an
 * exit. Loading the services can fail too (settings are read as their modules load).
 */
export async function startOrExit(): Promise<void> {
  try {
    const opening = openDatabaseAtStart();
    // The services' modules load (about 0.7 s of this thread) while the database opens on its own
    // thread: the open is under way once this turn of the event loop has run. One import keeps
    // their code in one chunk group, so no chunk is loaded twice.
    await new Promise((resolve) => setImmediate(resolve));
    const [{ startServices }] = await Promise.all([import("./start-services"), opening]);
    await startServices();
  } catch (error) {
    console.error(`Waybill could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
