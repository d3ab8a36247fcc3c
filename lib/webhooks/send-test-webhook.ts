import { randomUUID } from "node:crypto";
import type { Database } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { newId } from "@/lib/ids";
import { attemptWebhookDelivery } from "./attempt-webhook-delivery";
import { buildWebhookBody } from "./build-webhook-body";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";
import type { RenderTracking } from "./render-tracking";
import { sampleTrackingRecord } from "./sample-tracking";
import type { WebhookAttemptView } from "./webhook-views";

export interface TestWebhookResult {
  deliveryId: string;
  delivered: boolean;
  attempt: WebhookAttemptView;
}

/**
 * "Send test": one signed `tracking_update` of a sample tracking, in the endpoint's version, sent
 * now and answered with the result (no retries). It is logged like any delivery. Sent even while
 * the endpoint is disabled, so a URL can be checked before it is switched on.
 */
export async function sendTestWebhook(
  db: Database,
  organizationId: string,
  endpointId: string,
  renderTracking: RenderTracking,
  now = new Date(),
): Promise<TestWebhookResult> {
  const endpoint = await getWebhookEndpointOrThrow(db, organizationId, endpointId);
  const eventId = randomUUID();
  const body = buildWebhookBody({
    event_id: eventId,
    event: "tracking_update",
    is_tracking_first_tag: false,
    msg: renderTracking(endpoint.apiVersion, sampleTrackingRecord(organizationId, now)),
    ts: Math.floor(now.getTime() / 1000),
  });
  const deliveryId = newId();
  await db.insert(webhookDeliveries).values({
    organizationId,
    id: deliveryId,
    endpointId,
    eventId,
    kind: "tracking_update",
    trigger: "test",
    apiVersion: endpoint.apiVersion,
    body,
  });
  const outcome = await attemptWebhookDelivery(db, organizationId, deliveryId, 1, { lastAttempt: true, sendWhileDisabled: true });
  if (!outcome.made) throw new Error(`The test delivery ${deliveryId} was not attempted (${outcome.status})`);
  return { deliveryId, delivered: outcome.status === "delivered", attempt: outcome.attempt };
}
