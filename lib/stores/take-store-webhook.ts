import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type StorePlatform, stores, storeWebhookReceipts } from "@/db/schema";
import { storeOrderChanged } from "@/lib/events/events";
import { recordFollowUp, sendFollowUps } from "@/lib/events/follow-ups";
import { isShopifySignatureValid, orderOfShopifyWebhook } from "./shopify/webhook-signature";
import { shopifyCredentialsOf, wooCommerceCredentialsOf } from "./store-credentials";
import { isWooSignatureValid } from "./woocommerce/woocommerce-client";

export interface StoreWebhook {
  platform: StorePlatform;
  /** Shopify: the shop it names (`X-Shopify-Shop-Domain`); WooCommerce: the store id in the path. */
  shopOrStoreId: string;
  topic: string | null;
  /** The delivery's id, the same on every retry. */
  deliveryId: string | null;
  signature: string | null;
  rawBody: Uint8Array;
}

export type StoreWebhookOutcome = "accepted" | "duplicate" | "ignored" | "unknown-store" | "bad-signature";

function orderIdOf(webhook: StoreWebhook, body: Record<string, unknown>): string | null {
  if (webhook.platform === "shopify") return orderOfShopifyWebhook(webhook.topic ?? "", body);
  return typeof body.id === "number" || typeof body.id === "string" ? String(body.id) : null;
}

function bodyOf(rawBody: Uint8Array): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(Buffer.from(rawBody).toString("utf8"));
    return body && typeof body === "object" ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A store's webhook: checked against the store's secret, taken once per delivery id (platforms
 * retry), and turned into a durable `store/order.changed` that reads the order from the store.
 * Answers at once; the work happens in the background.
 */
export async function takeStoreWebhook(db: Database, webhook: StoreWebhook): Promise<StoreWebhookOutcome> {
  const [store] = await db
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.platform, webhook.platform),
        webhook.platform === "shopify" ? eq(stores.shop, webhook.shopOrStoreId.toLowerCase()) : eq(stores.id, webhook.shopOrStoreId),
      ),
    )
    .limit(1);
  if (!store) return "unknown-store";
  const secret = store.platform === "shopify" ? shopifyCredentialsOf(store).apiSecret : wooCommerceCredentialsOf(store).webhookSecret;
  const valid = store.platform === "shopify" ? isShopifySignatureValid : isWooSignatureValid;
  if (!valid(webhook.rawBody, webhook.signature, secret)) return "bad-signature";
  const body = bodyOf(webhook.rawBody);
  const orderId = body && orderIdOf(webhook, body);
  if (!orderId) return "ignored";
  const deliveryId = webhook.deliveryId ?? `${webhook.topic}:${orderId}:${Buffer.from(webhook.rawBody).length}`;
  const followUps = await db.transaction(async (tx) => {
    const taken = await tx
      .insert(storeWebhookReceipts)
      .values({ organizationId: store.organizationId, storeId: store.id, webhookId: deliveryId })
      .onConflictDoNothing()
      .returning({ webhookId: storeWebhookReceipts.webhookId });
    if (!taken.length) return null;
    return [await recordFollowUp(tx, store.organizationId, storeOrderChanged, { organizationId: store.organizationId, storeId: store.id, orderId })];
  });
  if (!followUps) return "duplicate";
  await sendFollowUps(db, followUps);
  return "accepted";
}
