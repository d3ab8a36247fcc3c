import { getDb } from "@/db/client";
import { inngest } from "@/lib/events/client";
import { trackingUpdated } from "@/lib/events/events";
import { tellStores as tellStoresOf } from "@/lib/stores/tell-stores";

/**
 * A tracking's status changed: the stores that shipped it hear of it, once per change, in the
 * order the changes happened (one run at a time per tracking), retried while a store fails.
 */
export const tellStores = inngest.createFunction(
  {
    id: "tell-stores",
    priority: { run: "60" },
    retries: 8,
    // Only a new status of a parcel a store shipped is news to a store; the condition keeps every
    // other change from queuing a run at all.
    triggers: [{ event: trackingUpdated, if: "event.data.tagChanged == true && event.data.storeShipped == true" }],
    concurrency: { limit: 1, key: "event.data.trackingId" },
  },
  async ({ event, step }) => {
    const { organizationId, trackingId, updatedAt } = event.data;
    const told = await step.run("tell", async () => tellStoresOf(await getDb(), organizationId, trackingId, { eventId: event.id!, changedAt: updatedAt }));
    return { told };
  },
);
