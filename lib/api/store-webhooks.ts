import { getDb } from "@/db/client";
import { BodyTooLarge, readLimitedBody } from "@/lib/read-limited-body";
import type { StorePlatform } from "@/db/schema";
import { takeStoreWebhook, type StoreWebhookOutcome } from "@/lib/stores/take-store-webhook";

const MAX_WEBHOOK_BYTES = 1024 * 1024;

const STATUS: Record<StoreWebhookOutcome, number> = { accepted: 200, duplicate: 200, ignored: 200, "unknown-store": 404, "bad-signature": 401 };
const MESSAGE: Record<StoreWebhookOutcome, string> = {
  accepted: "Taken.",
  duplicate: "Already taken.",
  ignored: "Nothing to do.",
  "unknown-store": "No store is connected here.",
  "bad-signature": "The signature does not match this store's secret.",
};

const answer = (status: number, message: string) => Response.json({ message }, { status, headers: { "cache-control": "no-store" } });

/** `POST /webhooks/stores/shopify` and `/webhooks/stores/woocommerce/<store id>`: a store says an order changed. */
export async function handleStoreWebhook(request: Request, platform: StorePlatform, storeId?: string): Promise<Response> {
  const headers = request.headers;
  let rawBody: Uint8Array;
  try {
    rawBody = await readLimitedBody(request, MAX_WEBHOOK_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return answer(413, "The body is larger than 1 MB.");
    return answer(400, "The body could not be read.");
  }
  // WooCommerce pings a new webhook with `webhook_id=<id>` before its first delivery.
  if (platform === "woocommerce" && /^webhook_id=\d+$/.test(Buffer.from(rawBody).toString("utf8"))) return answer(200, "Hello.");
  const outcome = await takeStoreWebhook(await getDb(), {
    platform,
    shopOrStoreId: platform === "shopify" ? (headers.get("x-shopify-shop-domain") ?? "") : (storeId ?? ""),
    topic: headers.get(platform === "shopify" ? "x-shopify-topic" : "x-wc-webhook-topic"),
    deliveryId: headers.get(platform === "shopify" ? "x-shopify-webhook-id" : "x-wc-webhook-delivery-id"),
    signature: headers.get(platform === "shopify" ? "x-shopify-hmac-sha256" : "x-wc-webhook-signature"),
    rawBody,
  });
  return answer(STATUS[outcome], MESSAGE[outcome]);
}
