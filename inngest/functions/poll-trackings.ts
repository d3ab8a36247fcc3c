import { RetryAfterError } from "inngest";
import { getDb } from "@/db/client";
import { CarrierError } from "@/lib/carriers/types";
import { pollTrackingBatch } from "@/lib/trackings/poll-tracking-batch";
import { inngest } from "@/lib/events/client";
import { trackingEstimateRequested, trackingPollRequested } from "@/lib/events/events";

/** Runs per lane (a courier, a tracking provider) at once: they meter calls per account, and one slow carrier must not hold every worker. */
export const POLLS_PER_CARRIER = 8;

/**
 * How the runner should treat a carrier call the poll rethrew (an outage; a direct carrier's rate
 * limit): wait as told, or retry with back-off. Refusals and providers' limits never get here.
 */
function asStepError(error: unknown): unknown {
  if (error instanceof CarrierError && error.kind === "rate_limited") {
    return new RetryAfterError(error.message, (error.retryAfterSeconds ?? 60) * 1000, { cause: error });
  }
  return error;
}

/**
 * Polls a batch of one organisation's trackings of one route (a courier, a tracking provider, or
 * nobody) and stores what the carrier or provider says; the store announces each change itself
 * (lib/trackings/poll-outcome-events.ts). New trackings get their first estimate asked for up
 * front, whatever the carrier answers.
 */
export const pollTrackings = inngest.createFunction(
  { id: "poll-trackings", priority: { run: "300" }, concurrency: { limit: POLLS_PER_CARRIER, key: "event.data.lane" }, triggers: [trackingPollRequested] },
  async ({ event, step }) => {
    const { organizationId } = event.data;
    if (event.data.estimate) {
      await step.sendEvent("request-estimates", trackingEstimateRequested.create({ organizationId, trackingIds: event.data.trackingIds }));
    }
    const outcome = await step.run("poll-carrier", async () => {
      try {
        return await pollTrackingBatch(await getDb(), event.data, new Date());
      } catch (error) {
        throw asStepError(error);
      }
    });
    return {
      polled: outcome.polled,
      skipped: outcome.skipped,
      changed: outcome.changes.length,
      ...(outcome.postponed ? { postponed: outcome.postponed } : {}),
    };
  },
);
