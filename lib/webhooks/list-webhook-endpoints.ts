import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookEndpoint, webhookEndpoints } from "@/db/schema";

export async function listWebhookEndpoints(db: Executor, organizationId: string, options: { enabledOnly?: boolean } = {}): Promise<WebhookEndpoint[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), options.enabledOnly ? eq(webhookEndpoints.enabled, true) : undefined))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}
