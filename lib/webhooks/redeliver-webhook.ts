import type { Database } from "@/db/client";
import { type WebhookDelivery, webhookDeliveries } from "@/db/schema";
import { webhookDeliveryRequested } from "@/lib/events/events";
import { recordFollowUp, sendFollowUps } from "@/lib/events/follow-ups";
import { NotAllowedError } from "@/lib/domain-errors";
import { newId } from "@/lib/ids";
import { getWebhookDeliveryOrThrow } from "./get-webhook-delivery-or-throw";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";

/**
 * "Redeliver": a new delivery of a stored one's exact body (same `event_id`, so receivers can tell
 * it is the same event) to its endpoint's current URL, on the full retry schedule.
 */
export async function redeliverWebhook(db: Database, organizationId: string, deliveryId: string): Promise<WebhookDelivery> {
  const original = await getWebhookDeliveryOrThrow(db, organizationId, deliveryId);
  const endpoint = await getWebhookEndpointOrThrow(db, organizationId, original.endpointId);
  if (!endpoint.enabled) throw new NotAllowedError("redeliver", "The webhook URL is disabled: enable it to redeliver.");
  const { copy, followUp } = await db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(webhookDeliveries)
      .values({
        organizationId,
        id: newId(),
        endpointId: original.endpointId,
        eventId: original.eventId,
        kind: original.kind,
        trigger: "redelivery",
        redeliveryOf: original.id,
        trackingId: original.trackingId,
        changePosition: original.changePosition,
        apiVersion: original.apiVersion,
        body: original.body,
      })
      .returning();
    return { copy: copy!, followUp: await recordFollowUp(tx, organizationId, webhookDeliveryRequested, { organizationId, deliveryId: copy!.id }) };
  });
  await sendFollowUps(db, [followUp]);
  return copy;
}
