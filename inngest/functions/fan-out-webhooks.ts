import { renderWebhookTracking } from "@/lib/api/versions";
import { getDb } from "@/db/client";
import { attemptWebhookDeliveries } from "@/lib/webhooks/attempt-webhook-delivery";
import { createWebhookDeliveries, type WebhookEventSource } from "@/lib/webhooks/create-webhook-deliveries";
import { inngest } from "@/lib/events/client";
import { trackingAttentionFlagged, trackingEstimateRevised, trackingUpdated, webhookDeliveryRequested } from "@/lib/events/events";

/** deliver-webhook takes each delivery still pending on from `firstAttempt`; the id makes each one requested once, however often this is repeated. */
async function requestRetries(organizationId: string, deliveryIds: string[], firstAttempt: number): Promise<void> {
  if (!deliveryIds.length) return;
  await inngest.send(
    deliveryIds.map((deliveryId) => webhookDeliveryRequested.create({ organizationId, deliveryId, firstAttempt }, { id: `webhook-delivery-${deliveryId}` })),
  );
}

/**
 * Every tracking update (`tracking_update`), delivery-estimate move (`edd_revise`) and newly needed
 * attention (`tracking_attention`, to the URLs that opted in) becomes one stored delivery per
 * enabled webhook URL, and their first attempts go out together (most receivers answer 2xx at
 * once, so most deliveries end in this run); deliver-webhook takes each one still pending through
 * the retry schedule.
 *
 * The work is the run's own, not a step: a run that ends here (most do) costs one call of the
 * function, not two, and one save. A repeat is safe: creating is idempotent, an attempt skips a
 * delivery that is no longer pending, and the retry requests carry ids.
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
      const { ids, known } = await createWebhookDeliveries(db, source, renderWebhookTracking);
      const outcomes = await attemptWebhookDeliveries(db, organizationId, ids, 1, {}, known);
      const pending = ids.filter((_, index) => outcomes[index]!.status === "pending");
      await requestRetries(organizationId, pending, 2);
      return { deliveries: ids.length, delivered: ids.length - pending.length };
    } catch (error) {
      if (attempt + 1 < maxAttempts) throw error;
      // Our side kept failing (the database) through the run's retries: deliver-webhook makes attempt 1, with its own.
      const { ids } = await createWebhookDeliveries(db, source, renderWebhookTracking);
      await requestRetries(organizationId, ids, 1);
      return { deliveries: ids.length, delivered: 0 };
    }
  },
);
