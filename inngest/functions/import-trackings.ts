import { getDb } from "@/db/client";
import { inngest } from "@/lib/events/client";
import { importRequested } from "@/lib/events/events";
import { failImport, importAfterShipPage } from "@/lib/imports/aftership-import";

/** Pages per run: a long import goes on in a fresh run, well inside a run's step limit. */
const PAGES_PER_RUN = 100;

/**
 * Moves an AfterShip account in, a page (200 trackings) per step: the cursor is kept on the run, so
 * a restart or a retry goes on from the last page done, and AfterShip's ids keep a page taken twice
 * from making anything twice.
 */
export const importTrackingsFunction = inngest.createFunction(
  {
    id: "import-trackings",
    priority: { run: "180" },
    triggers: [importRequested],
    concurrency: { limit: 1, key: "event.data.importId" },
    onFailure: async ({ event, error }) => {
      await failImport(await getDb(), event.data.event.data.importId, error.message, new Date());
    },
  },
  async ({ event, step }) => {
    const { organizationId, importId } = event.data;
    for (let page = 1; page <= PAGES_PER_RUN; page++) {
      const more = await step.run(`page-${page}`, async () => importAfterShipPage(await getDb(), importId, new Date()));
      if (!more) return { pages: page };
    }
    await step.sendEvent("go-on", importRequested.create({ organizationId, importId }));
    return { pages: PAGES_PER_RUN, continued: true };
  },
);
