import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";

/** Ends a delivery that is still pending as failed: its run gave up on an error of our own. */
export async function markWebhookDeliveryFailed(db: Executor, organizationId: string, deliveryId: string, now = new Date()): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", failedAt: now, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
}
