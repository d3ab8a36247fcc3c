import { getDb } from "@/db/client";
import { reviseTrackingEstimate } from "@/lib/trackings/revise-tracking-estimate";
import { inngest } from "@/lib/events/client";
import { trackingEstimateRequested, trackingEstimateRevised, trackingsToEstimate } from "@/lib/events/events";

/** Estimate runs of one organisation at once, so one busy merchant cannot hold every worker. */
export const ESTIMATES_PER_ORGANIZATION = 4;

/**
 * Keeps trackings' `waybill_estimated_delivery_date` current: recomputed when they are created and
 * whenever checkpoints arrive, one run per poll; a move of a tracking's dates is announced for the
 * `edd_revise` webhook. Each tracking is its own step, so a retry repeats only the ones that failed
 * and a revision stored once is announced once. Two runs naming one tracking cannot store estimates
 * out of order: each recomputes from the checkpoints stored, holding the tracking's row.
 */
export const estimateDelivery = inngest.createFunction(
  {
    id: "estimate-delivery",
    concurrency: { limit: ESTIMATES_PER_ORGANIZATION, key: "event.data.organizationId" },
    triggers: [trackingEstimateRequested],
  },
  async ({ event, step }) => {
    const { organizationId } = event.data;
    const trackingIds = trackingsToEstimate(event.data);
    const revisions = await Promise.all(
      trackingIds.map((trackingId) =>
        step.run(`estimate-${trackingId}`, async () => {
          const revision = await reviseTrackingEstimate(await getDb(), organizationId, trackingId);
          return revision ? { trackingId, ...revision } : null;
        }),
      ),
    );
    const revised = revisions.flatMap((revision) => (revision?.revised && revision.previous ? [{ ...revision, previous: revision.previous }] : []));
    if (revised.length) {
      await step.sendEvent(
        "announce-revisions",
        revised.map(({ trackingId, previous, estimate, changeId }) =>
          trackingEstimateRevised.create({ organizationId, trackingId, previous, estimate, changeId }),
        ),
      );
    }
    return { estimated: trackingIds.length, changed: revisions.filter(Boolean).length, revised: revised.length };
  },
);
