import { getDb } from "@/db/client";
import { reviseTrackingEstimate } from "@/lib/trackings/revise-tracking-estimate";
import { inngest } from "@/lib/events/client";
import { trackingEstimateRequested, trackingEstimateRevised } from "@/lib/events/events";

/**
 * Keeps a tracking's `waybill_estimated_delivery_date` current: recomputed when it is created and
 * whenever checkpoints arrive; a move of its dates is announced for the `edd_revise` webhook.
 */
export const estimateDelivery = inngest.createFunction(
  // One run per tracking at a time, so two checkpoints in a row cannot store their estimates out of order;
  // keyed with the organisation, since 2025-04 lets two organisations choose the same tracking id.
  { id: "estimate-delivery", concurrency: { limit: 1, key: 'event.data.organizationId + ":" + event.data.trackingId' }, triggers: [trackingEstimateRequested] },
  async ({ event, step }) => {
    const { organizationId, trackingId } = event.data;
    const revision = await step.run("estimate", async () => reviseTrackingEstimate(await getDb(), organizationId, trackingId));
    if (revision?.revised && revision.previous) {
      await step.sendEvent(
        "announce-revision",
        trackingEstimateRevised.create({ organizationId, trackingId, previous: revision.previous, estimate: revision.estimate, changeId: revision.changeId }),
      );
    }
    return { estimate: revision?.estimate ?? null, revised: revision?.revised ?? false };
  },
);
