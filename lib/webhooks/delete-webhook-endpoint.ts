import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";

/** Its deliveries and their log go with it; pending retries find nothing and stop. */
export async function deleteWebhookEndpoint(db: Executor, organizationId: string, endpointId: string): Promise<void> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, endpointId)))
    .returning({ id: webhookEndpoints.id });
  if (!deleted.length) throw new ApiError(404, "No such webhook URL.");
}
