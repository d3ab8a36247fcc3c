import { getDb } from "@/db/client";
import { evaluateAttentionOf } from "@/lib/attention/evaluate-attention";
import { inngest } from "@/lib/events/client";
import { trackingAttentionFlagged, trackingUpdated } from "@/lib/events/events";

/**
 * A tracking that just failed a delivery or hit an exception is evaluated at once (no waiting for
 * the hourly evaluation), and announced if newly flagged. One trigger per status (the conditions
 * the runner evaluates have no `||`), so every other update queues no run at all.
 */
export const flagAttentionNow = inngest.createFunction(
  {
    id: "flag-attention-now",
    priority: { run: "60" },
    triggers: [
      { event: trackingUpdated, if: 'event.data.tagChanged == true && event.data.tag == "AttemptFail"' },
      { event: trackingUpdated, if: 'event.data.tagChanged == true && event.data.tag == "Exception"' },
    ],
  },
  async ({ event, step }) => {
    const { organizationId, trackingId } = event.data;
    const newly = await step.run("evaluate", async () => evaluateAttentionOf(await getDb(), organizationId, [trackingId], new Date()));
    if (newly.length) {
      await step.sendEvent(
        "announce",
        newly.map((entry) => trackingAttentionFlagged.create({ organizationId, trackingId: entry.trackingId, flags: entry.flags, changeId: entry.changeId })),
      );
    }
    return { flagged: newly.length };
  },
);
