import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookAttempt, webhookAttempts } from "@/db/schema";

/** A delivery's attempts, first to last. */
export async function listWebhookAttempts(db: Executor, organizationId: string, deliveryId: string): Promise<WebhookAttempt[]> {
  return db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.organizationId, organizationId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(asc(webhookAttempts.attempt));
}
