import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookDelivery, webhookDeliveries } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";

export async function getWebhookDeliveryOrThrow(db: Executor, organizationId: string, deliveryId: string): Promise<WebhookDelivery> {
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, deliveryId)));
  if (!delivery) throw new ApiError(404, "No such webhook delivery.");
  return delivery;
}
