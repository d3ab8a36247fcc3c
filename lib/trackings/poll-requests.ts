import type { Tracking } from "@/db/schema";
import type { Database } from "@/db/client";
import { sendNudges, storableEvent, trackingPollRequested } from "@/lib/events/events";
import { routedPollBatches, type ClaimedTracking } from "./poll-dispatch";
import { errorSummary } from "@/lib/log-server-error";
import { log } from "@/lib/observability/log";

/**
 * Requests made within LINGER_MS of each other are sent together: a burst of creates becomes one
 * send with one poll per organisation, courier and connection (as the dispatcher batches them)
 * instead of a send and a poll run per tracking. A send costs the app about a millisecond of CPU
 * (SDK, HTTP client, socket), several times the insert; the wait is at most LINGER_MS.
 */
const LINGER_MS = 5;
const MAX_BATCH = 100;

let pending: { trackings: ClaimedTracking[]; flush: () => void; sent: Promise<void> } | undefined;

async function sendPending(db: Database, trackings: ClaimedTracking[]): Promise<void> {
  try {
    const batches = await routedPollBatches(db, trackings);
    await sendNudges(batches.map((batch) => storableEvent(trackingPollRequested, { ...batch, estimate: true })));
  } catch (error) {
    log().warn(
      { event: "first_poll_not_requested", trackings: trackings.length, error: errorSummary(error) },
      "Waybill polls: could not request the first poll; the dispatcher will",
    );
  }
}

/**
 * Asks for a poll of one tracking and a delivery estimate now (the poll run asks for the estimate),
 * after the commit that created, retracked or re-couriered it, so neither waits for the dispatcher;
 * resolves once the request is sent. A failed send is only logged: the tracking is due
 * (`next_poll_at` is now), so the dispatcher's next minute polls it anyway, and every poll that
 * brings checkpoints asks for an estimate.
 */
export function requestPollAndEstimate(db: Database, tracking: Pick<Tracking, "organizationId" | "id" | "slug" | "courierConnectionId">): Promise<void> {
  if (!pending) {
    const trackings: ClaimedTracking[] = [];
    let flush = () => {};
    const due = new Promise<void>((resolve) => (flush = resolve));
    const timer = setTimeout(flush, LINGER_MS);
    const sent = due.then(() => {
      clearTimeout(timer);
      if (pending?.trackings === trackings) pending = undefined;
      return sendPending(db, trackings);
    });
    pending = { trackings, flush, sent };
  }
  const batch = pending;
  const { organizationId, id, slug, courierConnectionId } = tracking;
  batch.trackings.push({ organizationId, id, slug, courierConnectionId });
  if (batch.trackings.length >= MAX_BATCH) {
    pending = undefined;
    batch.flush();
  }
  return batch.sent;
}
