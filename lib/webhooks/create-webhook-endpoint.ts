import { and, count, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { organizations, type WebhookEndpoint, webhookEndpoints } from "@/db/schema";
import { ConflictError, LimitReachedError } from "@/lib/domain-errors";
import { newId } from "@/lib/ids";
import { assertWebhookUrl } from "./assert-webhook-url";
import type { WebhookEndpointInput } from "./webhook-endpoint-input";

/** The compatible API's limit (compat-reference §12). */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export async function createWebhookEndpoint(db: Executor, organizationId: string, input: WebhookEndpointInput): Promise<WebhookEndpoint> {
  // Resolved before the transaction: DNS can take seconds and must not hold the lock.
  const url = await assertWebhookUrl(input.url);
  return db.transaction(async (tx) => {
    // Serialises creations per organisation, so two at once cannot both take the tenth place.
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for("update");
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
    if (total >= MAX_WEBHOOK_ENDPOINTS)
      throw new LimitReachedError("webhook-endpoints", `An organisation can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook URLs.`);
    const [duplicate] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.url, url)));
    if (duplicate) throw new ConflictError("webhook-endpoint", "That URL already receives this organisation's webhooks.");
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        organizationId,
        id: newId(),
        url,
        apiVersion: input.apiVersion,
        enabled: input.enabled ?? true,
        signatureHeader: input.signatureHeader ?? "waybill-hmac-sha256",
        attentionEvents: input.attentionEvents ?? false,
      })
      .returning();
    return endpoint!;
  });
}
