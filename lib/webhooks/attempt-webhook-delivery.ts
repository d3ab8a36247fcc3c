import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookDeliveryStatus } from "@/db/schema";
import { newId } from "@/lib/ids";
import { getWebhookSecret } from "./get-webhook-secret";
import { postWebhook } from "./post-webhook";
import { MAX_WEBHOOK_ATTEMPTS, retryDelayMs } from "./retry-schedule";
import { webhookRequestHeaders } from "./webhook-request-headers";
import { webhookSettings } from "./webhook-settings";
import { webhookAttemptView, type WebhookAttemptView } from "./webhook-views";

export type AttemptOutcome =
  /** The attempt was made; `pending` means another one follows on the schedule. */
  | { made: true; status: WebhookDeliveryStatus; attempt: WebhookAttemptView }
  /** Nothing was sent: the delivery ended already (never twice after a 2xx) or no longer exists. */
  | { made: false; status: WebhookDeliveryStatus | "gone" };

/**
 * Makes attempt number `attempt` of a delivery: signs the stored body with the secrets valid now,
 * POSTs it, logs the attempt and moves the delivery on (delivered on a 2xx, failed after the last
 * attempt). A delivery that is no longer pending is left alone, so a repeated step sends nothing.
 */
export async function attemptWebhookDelivery(
  db: Database,
  organizationId: string,
  deliveryId: string,
  attempt: number,
  options: { lastAttempt?: boolean; sendWhileDisabled?: boolean } = {},
): Promise<AttemptOutcome> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.organizationId, webhookDeliveries.organizationId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)))
    .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, deliveryId)));
  if (!row) return { made: false, status: "gone" };
  const { delivery, endpoint } = row;
  if (delivery.status !== "pending") return { made: false, status: delivery.status };

  const settings = webhookSettings();
  const attemptedAt = new Date();
  const send = endpoint.enabled || options.sendWhileDisabled === true;
  const response = send
    ? await postWebhook({
        url: endpoint.url,
        body: delivery.body,
        headers: webhookRequestHeaders(delivery.body, {
          apiVersion: delivery.apiVersion,
          secrets: await getWebhookSecret(db, organizationId),
          signatureHeader: endpoint.signatureHeader,
          now: attemptedAt,
        }),
        timeoutMs: settings.timeoutMs,
        allowPrivate: settings.allowPrivate,
      })
    : { ok: false, statusCode: null, latencyMs: 0, responseBody: null, error: "The webhook URL is disabled: not sent." };

  const lastAttempt = options.lastAttempt ?? attempt >= MAX_WEBHOOK_ATTEMPTS;
  // A disabled endpoint ends the delivery at once; "redeliver" sends it again once it is enabled.
  const status: WebhookDeliveryStatus = response.ok ? "delivered" : lastAttempt || !send ? "failed" : "pending";
  const endedAt = new Date();
  const logged = {
    url: endpoint.url,
    attemptedAt,
    succeeded: response.ok,
    statusCode: response.statusCode,
    latencyMs: response.latencyMs,
    responseBody: response.responseBody,
    error: response.error,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(webhookAttempts)
      .values({ id: newId(), organizationId, deliveryId, attempt, ...logged })
      .onConflictDoUpdate({ target: [webhookAttempts.organizationId, webhookAttempts.deliveryId, webhookAttempts.attempt], set: logged });
    await tx
      .update(webhookDeliveries)
      .set({
        status,
        attemptCount: attempt,
        nextAttemptAt: status === "pending" ? new Date(endedAt.getTime() + retryDelayMs(attempt + 1, settings.retryUnitMs)) : null,
        ...(status === "delivered" ? { deliveredAt: endedAt } : {}),
        ...(status === "failed" ? { failedAt: endedAt } : {}),
      })
      .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, deliveryId)));
  });
  return { made: true, status, attempt: webhookAttemptView({ attempt, ...logged }) };
}
