import { getDb } from "@/db/client";
import { claimDuePolls, routedPollBatches } from "@/lib/trackings/poll-dispatch";
import { inngest } from "@/lib/events/client";
import { trackingPollRequested } from "@/lib/events/events";

/** Trackings claimed per step: one claim statement and one fan-out each. */
export const CLAIM_CHUNK = 1_000;
/** Most trackings one run hands out, so a backlog is spread over minutes rather than claimed past what polls can drain within the lease. */
export const MAX_CLAIMS_PER_RUN = 20_000;

/**
 * Every minute: claims the trackings due for a poll and fans them out as `tracking/poll.requested`
 * events, one per batch of an organisation's trackings of one route: one courier asked directly
 * (with one connection), one tracking provider (any couriers it follows), or nobody (untrackable).
 */
export const dispatchPolls = inngest.createFunction({ id: "dispatch-polls", priority: { run: "600" }, triggers: [{ cron: "* * * * *" }] }, async ({ step }) => {
  let claimed = 0;
  for (let chunk = 0; claimed < MAX_CLAIMS_PER_RUN; chunk++) {
    const batches = await step.run(`claim-due-trackings-${chunk}`, async () => {
      const db = await getDb();
      return routedPollBatches(db, await claimDuePolls(db, new Date(), CLAIM_CHUNK));
    });
    const count = batches.reduce((sum, batch) => sum + batch.trackingIds.length, 0);
    claimed += count;
    if (batches.length) {
      await step.sendEvent(
        `request-polls-${chunk}`,
        batches.map((batch) => trackingPollRequested.create(batch)),
      );
    }
    if (count < CLAIM_CHUNK) break;
  }
  return { claimed };
});
