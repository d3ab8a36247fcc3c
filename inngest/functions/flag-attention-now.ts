import { getDb } from "@/db/client";
import { evaluateAttentionOf } from "@/lib/attention/evaluate-attention";
import { inngest } from "@/lib/events/client";
import { trackingAttentionFlagged, trackingUpdated } from "@/lib/events/events";

/** Statuses that need a person the moment they are reached: no waiting for the hourly evaluation. */
const AT_ONCE = new Set(["AttemptFail", "Exception"]);

/** A tracking that just failed a delivery or hit an exception is evaluated at once, and announced if newly flagged. */
export const flagAttentionNow = inngest.createFunction(
  { id: "flag-attention-now", priority: { run: "60" }, triggers: [trackingUpdated] },
  async ({ event, step }) => {
    const { organizationId, trackingId, tag, tagChanged } = event.data;
    if (!tagChanged || !AT_ONCE.has(tag)) return { flagged: 0 };
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
