import { createHmac, timingSafeEqual } from "node:crypto";

/** Shopify's `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body with the app's API secret. */
export function shopifySignature(rawBody: Uint8Array | string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}

export function isShopifySignatureValid(rawBody: Uint8Array, header: string | null, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(shopifySignature(rawBody, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The order a webhook is about, as a GraphQL id: `orders/*` name it by `id`, `fulfillments/*` by `order_id`. */
export function orderOfShopifyWebhook(topic: string, body: { id?: unknown; order_id?: unknown; admin_graphql_api_id?: unknown }): string | null {
  if (topic.startsWith("orders/")) {
    if (typeof body.admin_graphql_api_id === "string") return body.admin_graphql_api_id;
    return body.id === undefined ? null : `gid://shopify/Order/${String(body.id)}`;
  }
  if (topic.startsWith("fulfillments/")) return body.order_id === undefined ? null : `gid://shopify/Order/${String(body.order_id)}`;
  return null;
}
