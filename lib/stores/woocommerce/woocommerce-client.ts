import { createHmac, timingSafeEqual } from "node:crypto";
import { type StoreClient, StoreError } from "../store-order";
import { authorizedRequest, type WooCommerceKeys } from "./rest-auth";
import { readWooOrder, wooOrder, type WooOrder } from "./read-order";

export interface WooCommerceAccess extends WooCommerceKeys {
  /** The site's address (`https://shop.example`), WordPress's REST API under it. */
  siteUrl: string;
  webhookSecret: string;
}

const ORDERS_PER_PAGE = 50;

/** WooCommerce's `X-WC-Webhook-Signature`: base64 HMAC-SHA256 of the raw body with the webhook's secret. */
export function wooSignature(rawBody: Uint8Array | string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}

export function isWooSignatureValid(rawBody: Uint8Array, header: string | null, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(wooSignature(rawBody, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What a note on the order says about a status change. */
function noteOf(news: Parameters<StoreClient["tell"]>[1]): string {
  const where = [news.city, news.country].filter(Boolean).join(", ");
  const estimate = news.estimatedDelivery && news.tag !== "Delivered" ? ` Estimated delivery: ${news.estimatedDelivery}.` : "";
  return `${news.courierName} ${news.trackingNumber}: ${news.message ?? news.tag}${where ? ` (${where})` : ""}.${estimate} ${news.trackingPageUrl}`;
}

/** A WooCommerce site through its REST API v3 keys. */
export function wooCommerceClient(access: WooCommerceAccess): StoreClient {
  async function call<T>(method: string, path: string, body?: unknown, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(`${access.siteUrl.replace(/\/$/, "")}/wp-json/wc/v3${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const signed = authorizedRequest(method, url, access);
    let response: Response;
    try {
      response = await fetch(signed.url, {
        method,
        headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...signed.headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new StoreError("unavailable", `${access.siteUrl} did not answer (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (response.status === 401 || response.status === 403)
      throw new StoreError("auth", `WooCommerce refused the REST API keys (${response.status}): check the consumer key and secret, with read/write access.`);
    if (!response.ok) throw new StoreError(response.status >= 500 ? "unavailable" : "refused", `WooCommerce answered ${response.status} to ${method} ${path}.`);
    return (await response.json()) as T;
  }

  return {
    async check() {
      await call("GET", "/orders", undefined, { per_page: "1" });
      return new URL(access.siteUrl).host;
    },
    async subscribe(callbackUrl) {
      const created = await call<{ id: number }>("POST", "/webhooks", {
        name: "Waybill: order updates",
        topic: "order.updated",
        delivery_url: callbackUrl,
        secret: access.webhookSecret,
        status: "active",
      });
      return [String(created.id)];
    },
    async unsubscribe(ids) {
      for (const id of ids) await call("DELETE", `/webhooks/${encodeURIComponent(id)}`, undefined, { force: "true" });
    },
    async order(orderId) {
      try {
        return readWooOrder(wooOrder.parse(await call<WooOrder>("GET", `/orders/${encodeURIComponent(orderId)}`)));
      } catch (error) {
        if (error instanceof StoreError && error.kind === "refused") return null;
        throw error;
      }
    },
    async ordersPage(since, cursor) {
      const page = Number(cursor ?? 1);
      const orders = await call<unknown[]>("GET", "/orders", undefined, {
        per_page: String(ORDERS_PER_PAGE),
        page: String(page),
        modified_after: since.toISOString(),
        dates_are_gmt: "true",
        orderby: "id",
        order: "asc",
      });
      return { orders: orders.map((order) => readWooOrder(wooOrder.parse(order))), next: orders.length === ORDERS_PER_PAGE ? String(page + 1) : null };
    },
    async tell(shipment, news, { completeOrder }) {
      await call("POST", `/orders/${encodeURIComponent(shipment.orderId)}/notes`, { note: noteOf(news), customer_note: false });
      if (completeOrder) await call("PUT", `/orders/${encodeURIComponent(shipment.orderId)}`, { status: "completed" });
    },
  };
}
