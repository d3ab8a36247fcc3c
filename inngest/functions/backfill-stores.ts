import { getDb } from "@/db/client";
import { inngest } from "@/lib/events/client";
import { storeBackfillRequested } from "@/lib/events/events";
import { backfillStorePage, failStoreBackfill } from "@/lib/stores/backfill-store";

/** Pages per run: a long backfill goes on in a fresh run, well inside a run's step limit. */
const PAGES_PER_RUN = 100;

/**
 * Brings a newly connected store's recent orders in, a page per step: each page's cursor is kept on
 * the store, so a restart (or a retry) goes on from the last page done.
 */
export const backfillStores = inngest.createFunction(
  {
    id: "backfill-store",
    priority: { run: "180" },
    triggers: [storeBackfillRequested],
    concurrency: { limit: 1, key: "event.data.storeId" },
    onFailure: async ({ event, error }) => {
      await failStoreBackfill(await getDb(), event.data.event.data.storeId, error.message, new Date());
    },
  },
  async ({ event, step }) => {
    const { organizationId, storeId } = event.data;
    for (let page = 1; page <= PAGES_PER_RUN; page++) {
      const more = await step.run(`page-${page}`, async () => backfillStorePage(await getDb(), storeId, new Date()));
      if (!more) return { pages: page };
    }
    await step.sendEvent("go-on", storeBackfillRequested.create({ organizationId, storeId }));
    return { pages: PAGES_PER_RUN, continued: true };
  },
);
