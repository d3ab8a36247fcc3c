import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookEndpoint, webhookEndpoints } from "@/db/schema";
import { ConflictError, NotFoundError } from "@/lib/domain-errors";
import { assertWebhookUrl } from "./assert-webhook-url";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";
import type { WebhookEndpointPatch } from "./webhook-endpoint-input";

/** Changes apply to pending retries too: a corrected URL receives what is still being retried. */
export async function updateWebhookEndpoint(db: Executor, organizationId: string, endpointId: string, patch: WebhookEndpointPatch): Promise<WebhookEndpoint> {
  const existing = await getWebhookEndpointOrThrow(db, organizationId, endpointId);
  const url = patch.url === undefined ? existing.url : await assertWebhookUrl(patch.url);
  if (url !== existing.url) {
    const [duplicate] = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.url, url), ne(webhookEndpoints.id, endpointId)));
    if (duplicate) throw new ConflictError("webhook-endpoint", "That URL already receives this organisation's webhooks.");
  }
  const [updated] = await db
    .update(webhookEndpoints)
    .set({
      url,
      ...(patch.apiVersion ? { apiVersion: patch.apiVersion } : {}),
      ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
      ...(patch.signatureHeader ? { signatureHeader: patch.signatureHeader } : {}),
      ...(patch.attentionEvents === undefined ? {} : { attentionEvents: patch.attentionEvents }),
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, endpointId)))
    .returning();
  if (!updated) throw new NotFoundError("webhook-endpoint", "No such webhook URL.");
  return updated;
}
