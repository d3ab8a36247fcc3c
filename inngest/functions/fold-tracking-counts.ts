import { getDb } from "@/db/client";
import { inngest } from "@/lib/events/client";
import { foldPiledTrackingCounts } from "@/lib/trackings/tracking-counts";

/** Hourly: the ledger of tracking counts stays a few rows per organisation, however few lists read it. */
export const foldTrackingCountsHourly = inngest.createFunction(
  { id: "fold-tracking-counts", priority: { run: "-120" }, triggers: [{ cron: "41 * * * *" }] },
  async ({ step }) => {
    const folded = await step.run("fold", async () => foldPiledTrackingCounts(await getDb()));
    return { folded };
  },
);
