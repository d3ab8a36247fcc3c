import type { Tracking } from "@/db/schema";
import { PendingEvents, trackingEstimateRequested, trackingPollRequested } from "@/inngest/events";

/**
 * Asks for a poll of one tracking and a delivery estimate now, after the commit that created,
 * retracked or re-couriered it, so neither waits for the dispatcher. A failed send is only logged:
 * the tracking is due (`next_poll_at` is now), so the dispatcher's next minute polls it anyway,
 * and every poll that brings checkpoints asks for an estimate.
 */
export async function requestPollAndEstimate(tracking: Pick<Tracking, "organizationId" | "id" | "slug">): Promise<void> {
  const { organizationId, id: trackingId, slug } = tracking;
  const events = new PendingEvents();
  events.add(trackingPollRequested, { organizationId, slug, trackingIds: [trackingId] });
  events.add(trackingEstimateRequested, { organizationId, trackingId });
  try {
    await events.send();
  } catch (error) {
    console.warn(`Waybill polls: could not request the first poll of tracking ${tracking.id}; the dispatcher will`, error);
  }
}
