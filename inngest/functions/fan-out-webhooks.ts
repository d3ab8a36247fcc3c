import { renderWebhookTracking } from "@/lib/api/versions";
import { getDb } from "@/db/client";
import { createWebhookDeliveries, type WebhookEventSource } from "@/lib/webhooks/create-webhook-deliveries";
import { fanOutWebhookEvent } from "@/lib/webhooks/fan-out-webhook-event";
import { inngest } from "@/lib/events/client";
import { trackingAttentionFlagged, trackingEstimateRevised, trackingUpdated, webhookDeliveryRequested } from "@/lib/events/events";

/** deliver-webhook takes each delivery still pending on from its next attempt; the id makes each one requested once, however often this is repeated. */
async function requestRetries(organizationId: string, retries: Array<{ deliveryId: string; nextAttempt: number }>): Promise<void> {
  if (!retries.length) return;
  await inngest.send(
    retries.map(({ deliveryId, nextAttempt }) =>
      webhookDeliveryRequested.create({ organizationId, deliveryId, firstAttempt: nextAttempt }, { id: `webhook-delivery-${deliveryId}` }),
    ),
  );
}

/**
 * Every tracking update (`tracking_update`), delivery-estimate move (`edd_revise`) and newly needed
 * attention (`tracking_attention`, to the URLs that opted in) becomes one delivery per enabled
 * webhook URL, whose first attempts go out together and are stored with them (most receivers
 * answer 2xx at once, so most deliveries end in this run); deliver-webhook takes each one still
 * pending through the retry schedule.
 *
 * The work is the run's own, not a step: a run that ends here (most do) costs one call of the
 * function, not two, and one save. A repeat is safe: stored deliveries are not sent again, and the
 * retry requests carry ids.
 */
export const fanOutWebhooks = inngest.createFunction(
  { id: "fan-out-webhooks", priority: { run: "120" }, triggers: [trackingUpdated, trackingEstimateRevised, trackingAttentionFlagged] },
  async ({ event, attempt, maxAttempts = 1 }) => {
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
    const db = await getDb();
    try {
      const { deliveries, delivered, retries } = await fanOutWebhookEvent(db, source, renderWebhookTracking);
      await requestRetries(organizationId, retries);
      return { deliveries, delivered };
    } catch (error) {
      if (attempt + 1 < maxAttempts) throw error;
      // Our side kept failing (the database) through the run's retries: deliver-webhook makes attempt 1, with its own.
      const { ids } = await createWebhookDeliveries(db, source, renderWebhookTracking);
      await requestRetries(
        organizationId,
        ids.map((deliveryId) => ({ deliveryId, nextAttempt: 1 })),
      );
      return { deliveries: ids.length, delivered: 0 };
    }
  },
);
