import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookEndpoint, webhookEndpoints } from "@/db/schema";

export async function listWebhookEndpoints(db: Executor, organizationId: string): Promise<WebhookEndpoint[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}
