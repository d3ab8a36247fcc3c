import { getDb } from "@/db/client";
import { createWebhookDeliveries, type WebhookEventSource } from "@/lib/webhooks/create-webhook-deliveries";
import { inngest } from "../client";
import { trackingEstimateRevised, trackingUpdated, webhookDeliveryRequested } from "../events";

/**
 * Every tracking update (`tracking_update`) and delivery-estimate move (`edd_revise`) becomes one
 * stored delivery per enabled webhook URL, each then delivered by deliver-webhook.
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
    if (deliveryIds.length) {
      await step.sendEvent(
        "request-deliveries",
        // The id makes each delivery requested once, however often this step is repeated.
        deliveryIds.map((deliveryId) => webhookDeliveryRequested.create({ organizationId, deliveryId }, { id: `webhook-delivery-${deliveryId}` })),
      );
    }
    return { deliveries: deliveryIds.length };
  },
);
