import { renderWebhookTracking } from "@/lib/api/versions";
import { getDb } from "@/db/client";
import { attemptWebhookDeliveries } from "@/lib/webhooks/attempt-webhook-delivery";
import { createWebhookDeliveries, type WebhookEventSource } from "@/lib/webhooks/create-webhook-deliveries";
import { inngest } from "@/lib/events/client";
import { trackingAttentionFlagged, trackingEstimateRevised, trackingUpdated, webhookDeliveryRequested } from "@/lib/events/events";

/**
 * Every tracking update (`tracking_update`), delivery-estimate move (`edd_revise`) and newly needed
 * attention (`tracking_attention`, to the URLs that opted in) becomes one stored delivery per enabled webhook URL, and their first attempts go out together in the same step
 * (most receivers answer 2xx at once, so most deliveries end in this run); deliver-webhook takes
 * each one still pending through the retry schedule.
 */
export const fanOutWebhooks = inngest.createFunction(
  { id: "fan-out-webhooks", priority: { run: "120" }, triggers: [trackingUpdated, trackingEstimateRevised, trackingAttentionFlagged] },
  async ({ event, step }) => {
    const { organizationId, trackingId } = event.data;
    const base = { organizationId, trackingId, sourceEventId: event.id!, isFirstTag: false, ts: Math.floor(event.ts! / 1000), changeId: event.data.changeId };
    const source: WebhookEventSource =
      event.name === trackingUpdated.name
        ? {
            ...base,
            kind: "tracking_update",
            isFirstTag: (event.data as { isFirstTag: boolean }).isFirstTag,
            ts: Math.floor(Date.parse((event.data as { updatedAt: string }).updatedAt) / 1000),
          }
        : event.name === trackingAttentionFlagged.name
          ? { ...base, kind: "tracking_attention", attention: (event.data as { flags: Array<{ reason: string; since: string }> }).flags }
          : { ...base, kind: "edd_revise" };
    let deliveries: number;
    let pending: string[];
    let firstAttempt = 2;
    try {
      // One step: creating is idempotent and an attempt skips a delivery that is no longer pending, so a repeat is safe.
      ({ deliveries, pending } = await step.run("deliver", async () => {
        const db = await getDb();
        const { ids, known } = await createWebhookDeliveries(db, source, renderWebhookTracking);
        const outcomes = await attemptWebhookDeliveries(db, organizationId, ids, 1, {}, known);
        return { deliveries: ids.length, pending: ids.filter((_, index) => outcomes[index]!.status === "pending") };
      }));
    } catch {
      // Our side kept failing (the database): deliver-webhook makes attempt 1, with its own retries.
      pending = await step.run("create-deliveries", async () => (await createWebhookDeliveries(await getDb(), source, renderWebhookTracking)).ids);
      deliveries = pending.length;
      firstAttempt = 1;
    }
    if (pending.length) {
      await step.sendEvent(
        "request-retries",
        // The id makes each delivery requested once, however often this step is repeated.
        pending.map((deliveryId) => webhookDeliveryRequested.create({ organizationId, deliveryId, firstAttempt }, { id: `webhook-delivery-${deliveryId}` })),
      );
    }
    return { deliveries, delivered: deliveries - pending.length };
  },
);
