import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";

/** Its deliveries and their log go with it; pending retries find nothing and stop. */
export async function deleteWebhookEndpoint(db: Executor, organizationId: string, endpointId: string): Promise<void> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, endpointId)))
    .returning({ id: webhookEndpoints.id });
  if (!deleted.length) throw new NotFoundError("webhook-endpoint", "No such webhook URL.");
}
