import { getDb } from "@/db/client";
import { attemptWebhookDeliveries } from "@/lib/webhooks/attempt-webhook-delivery";
import { createWebhookDeliveries, type WebhookEventSource } from "@/lib/webhooks/create-webhook-deliveries";
import { inngest } from "../client";
import { trackingEstimateRevised, trackingUpdated, webhookDeliveryRequested } from "../events";

/**
 * Every tracking update (`tracking_update`) and delivery-estimate move (`edd_revise`) becomes one
 * stored delivery per enabled webhook URL. Their first attempts go out together from here (most
 * receivers answer 2xx at once, so most deliveries end in this run); deliver-webhook takes each
 * one still pending through the retry schedule.
 */
export const fanOutWebhooks = inngest.createFunction(
  { id: "fan-out-webhooks", triggers: [trackingUpdated, trackingEstimateRevised] },
  async ({ event, step }) => {
    const { organizationId, trackingId } = event.data;
    const source: WebhookEventSource =
      event.name === trackingUpdated.name
        ? {
            organizationId,
            trackingId,
            sourceEventId: event.id!,
            kind: "tracking_update",
            isFirstTag: event.data.isFirstTag,
            ts: Math.floor(Date.parse(event.data.updatedAt) / 1000),
          }
        : { organizationId, trackingId, sourceEventId: event.id!, kind: "edd_revise", isFirstTag: false, ts: Math.floor(event.ts! / 1000) };
    const deliveryIds = await step.run("create-deliveries", async () => createWebhookDeliveries(await getDb(), source));
    if (!deliveryIds.length) return { deliveries: 0, delivered: 0 };

    let pending = deliveryIds;
    let firstAttempt = 2;
    try {
      const outcomes = await step.run("first-attempts", async () => {
        const made = await attemptWebhookDeliveries(await getDb(), organizationId, deliveryIds, 1);
        return made.map((outcome, index) => ({ deliveryId: deliveryIds[index]!, status: outcome.status }));
      });
      pending = outcomes.filter((outcome) => outcome.status === "pending").map((outcome) => outcome.deliveryId);
    } catch {
      // Our side kept failing (the database): deliver-webhook makes attempt 1 with its own retries.
      firstAttempt = 1;
    }
    if (pending.length) {
      await step.sendEvent(
        "request-retries",
        // The id makes each delivery requested once, however often this step is repeated.
        pending.map((deliveryId) => webhookDeliveryRequested.create({ organizationId, deliveryId, firstAttempt }, { id: `webhook-delivery-${deliveryId}` })),
      );
    }
    return { deliveries: deliveryIds.length, delivered: deliveryIds.length - pending.length };
  },
);
