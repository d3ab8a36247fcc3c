import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookEndpoint, webhookEndpoints } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";

export async function getWebhookEndpointOrThrow(db: Executor, organizationId: string, endpointId: string): Promise<WebhookEndpoint> {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, endpointId)));
  if (!endpoint) throw new NotFoundError("webhook-endpoint", "No such webhook URL.");
  return endpoint;
}
