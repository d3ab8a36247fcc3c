import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookDelivery, webhookDeliveries } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";

export async function getWebhookDeliveryOrThrow(db: Executor, organizationId: string, deliveryId: string): Promise<WebhookDelivery> {
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, deliveryId)));
  if (!delivery) throw new NotFoundError("webhook-delivery", "No such webhook delivery.");
  return delivery;
}
