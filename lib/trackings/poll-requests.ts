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
 * (SDK, HTTP client, socket), several times the insert. Nobody waits for the send (the answer has
 * gone), so the linger only delays the first poll, by a tenth of a second at most.
 */
const LINGER_MS = 100;
const MAX_BATCH = 100;

// By organisation and id: a tracking asked for twice within the linger (created, then re-couriered) is polled once, as it is now.
let pending: { trackings: Map<string, ClaimedTracking>; flush: () => void; sent: Promise<void> } | undefined;

async function sendPending(db: Database, requested: Map<string, ClaimedTracking>): Promise<void> {
  const trackings = [...requested.values()];
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
 * Asks for a poll of one tracking and a delivery estimate soon (the poll run asks for the estimate),
 * after the commit that created, retracked or re-couriered it, so neither waits for the dispatcher.
 * Returns at once: the request goes with the others made within LINGER_MS. A failed send is only
 * logged: the tracking is due (`next_poll_at` is now), so the dispatcher's next minute polls it
 * anyway, and every poll that brings checkpoints asks for an estimate.
 */
export function requestPollAndEstimate(db: Database, tracking: Pick<Tracking, "organizationId" | "id" | "slug" | "courierConnectionId">): void {
  if (!pending) {
    const trackings = new Map<string, ClaimedTracking>();
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
  batch.trackings.set(`${organizationId}\n${id}`, { organizationId, id, slug, courierConnectionId });
  if (batch.trackings.size >= MAX_BATCH) {
    pending = undefined;
    batch.flush();
  }
}

/** Sends the requests still lingering now; resolves once they are sent (a test's drain, or before its database closes). */
export function pollRequestsSent(): Promise<void> {
  const batch = pending;
  if (!batch) return Promise.resolve();
  batch.flush();
  return batch.sent;
}
