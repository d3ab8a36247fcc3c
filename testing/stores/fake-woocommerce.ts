import http from "node:http";
import { listenOnLoopback } from "@/testing/carriers/listen-on-loopback";
import { randomUUID } from "node:crypto";
import { oauthSignature } from "@/lib/stores/woocommerce/rest-auth";
import { wooSignature } from "@/lib/stores/woocommerce/woocommerce-client";

/**
 * A local stand-in for a WooCommerce site's REST API v3, written from WooCommerce's documentation:
 * orders (paged, `modified_after`), order notes and status, webhooks, keys checked as WooCommerce
 * checks them over plain HTTP (OAuth 1.0a, HMAC-SHA256), and `order.updated` deliveries signed with
 * the webhook's secret (`X-WC-Webhook-Signature`).
 */

export interface FakeWooOrder {
  id: number;
  number: string;
  status: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_paid_gmt: string | null;
  billing: Record<string, string>;
  shipping: Record<string, string>;
  line_items: Array<{ name: string; quantity: number }>;
  meta_data: Array<{ id: number; key: string; value: unknown }>;
}

export interface FakeWooCommerce {
  url: string;
  consumerKey: string;
  consumerSecret: string;
  orders: Map<number, FakeWooOrder>;
  webhooks: Array<{ id: number; topic: string; delivery_url: string; secret: string }>;
  notes: Array<{ orderId: number; note: string }>;
  /** Requests refused for their keys. */
  refused: number;
  addOrder(order: Partial<FakeWooOrder> & { id: number }): FakeWooOrder;
  /** Adds parcels as the Shipment Tracking extension does (`_wc_shipment_tracking_items`). */
  ship(orderId: number, parcels: Array<{ number: string; provider: string }>): void;
  /** The `order.updated` delivery as WooCommerce sends it (`secret` overrides the webhook's). */
  delivery(orderId: number, options?: { deliveryId?: string; secret?: string }): { url: string; headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

export async function startFakeWooCommerce(): Promise<FakeWooCommerce> {
  const consumerKey = "ck_fake";
  const consumerSecret = "cs_fake";
  let sequence = 100;
  const fake: FakeWooCommerce = {
    // `url` and `close` are set once the server listens.
    url: "",
    consumerKey,
    consumerSecret,
    orders: new Map(),
    webhooks: [],
    notes: [],
    refused: 0,
    addOrder(partial) {
      const now = new Date().toISOString().slice(0, 19);
      const order: FakeWooOrder = {
        number: String(partial.id),
        status: "processing",
        date_created_gmt: now,
        date_modified_gmt: now,
        date_paid_gmt: now,
        billing: { first_name: "Jo", last_name: "Berg", email: "jo@example.com", phone: "+46701234567", postcode: "11122", country: "SE", city: "Stockholm" },
        shipping: { first_name: "Jo", last_name: "Berg", postcode: "11122", country: "SE", city: "Stockholm", state: "" },
        line_items: [{ name: "Wool socks", quantity: 2 }],
        meta_data: [],
        ...partial,
      };
      fake.orders.set(order.id, order);
      return order;
    },
    ship(orderId, parcels) {
      const order = fake.orders.get(orderId)!;
      const items = parcels.map((parcel) => ({
        tracking_provider: parcel.provider,
        custom_tracking_provider: "",
        custom_tracking_link: "",
        tracking_number: parcel.number,
        date_shipped: String(Math.floor(Date.now() / 1000)),
        tracking_id: randomUUID().replace(/-/g, ""),
      }));
      order.meta_data = order.meta_data.filter((meta) => meta.key !== "_wc_shipment_tracking_items");
      order.meta_data.push({ id: ++sequence, key: "_wc_shipment_tracking_items", value: items });
      order.date_modified_gmt = new Date().toISOString().slice(0, 19);
    },
    delivery(orderId, { deliveryId = randomUUID(), secret } = {}) {
      const webhook = fake.webhooks.find((candidate) => candidate.topic === "order.updated");
      if (!webhook) throw new Error("No order.updated webhook");
      const body = JSON.stringify(fake.orders.get(orderId));
      return {
        url: webhook.delivery_url,
        body,
        headers: {
          "content-type": "application/json",
          "x-wc-webhook-source": `${fake.url}/`,
          "x-wc-webhook-topic": "order.updated",
          "x-wc-webhook-resource": "order",
          "x-wc-webhook-event": "updated",
          "x-wc-webhook-signature": wooSignature(body, secret ?? webhook.secret),
          "x-wc-webhook-id": String(webhook.id),
          "x-wc-webhook-delivery-id": deliveryId,
        },
      };
    },
    close: async () => undefined,
  };

  function authorized(method: string, url: URL): boolean {
    const params = Object.fromEntries(url.searchParams.entries());
    if (params.oauth_consumer_key !== consumerKey || params.oauth_signature_method !== "HMAC-SHA256") return false;
    const unsigned = new URL(url);
    for (const key of [...unsigned.searchParams.keys()]) if (key.startsWith("oauth_")) unsigned.searchParams.delete(key);
    const oauth = Object.fromEntries(Object.entries(params).filter(([key]) => key.startsWith("oauth_") && key !== "oauth_signature"));
    return oauthSignature(method, unsigned, oauth, consumerSecret) === params.oauth_signature;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const url = new URL(request.url ?? "/", fake.url);
      const method = request.method ?? "GET";
      if (!url.pathname.startsWith("/wp-json/wc/v3/")) return send(404, { code: "rest_no_route" });
      if (!authorized(method, url)) {
        fake.refused += 1;
        return send(401, {
          code: "woocommerce_rest_authentication_error",
          message: "Invalid signature - provided signature does not match.",
          data: { status: 401 },
        });
      }
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
      const path = url.pathname.slice("/wp-json/wc/v3".length);
      let match: RegExpExecArray | null;
      if (method === "GET" && path === "/orders") {
        const after = url.searchParams.get("modified_after");
        const perPage = Number(url.searchParams.get("per_page") ?? 10);
        const page = Number(url.searchParams.get("page") ?? 1);
        const all = [...fake.orders.values()]
          .filter((order) => !after || `${order.date_modified_gmt}Z` >= after.replace(/\.\d+Z$/, "Z"))
          .sort((a, b) => a.id - b.id);
        return send(200, all.slice((page - 1) * perPage, page * perPage));
      }
      if ((match = /^\/orders\/(\d+)$/.exec(path))) {
        const order = fake.orders.get(Number(match[1]));
        if (!order) return send(404, { code: "woocommerce_rest_shop_order_invalid_id", message: "Invalid ID.", data: { status: 404 } });
        if (method === "PUT") Object.assign(order, { status: body.status ?? order.status });
        return send(200, order);
      }
      if (method === "POST" && (match = /^\/orders\/(\d+)\/notes$/.exec(path))) {
        fake.notes.push({ orderId: Number(match[1]), note: body.note });
        return send(201, { id: ++sequence, note: body.note, customer_note: Boolean(body.customer_note) });
      }
      if (method === "POST" && path === "/webhooks") {
        const webhook = { id: ++sequence, topic: body.topic, delivery_url: body.delivery_url, secret: body.secret };
        fake.webhooks.push(webhook);
        return send(201, { ...webhook, status: body.status ?? "active" });
      }
      if (method === "DELETE" && (match = /^\/webhooks\/(\d+)$/.exec(path))) {
        fake.webhooks = fake.webhooks.filter((webhook) => webhook.id !== Number(match![1]));
        return send(200, { id: Number(match[1]) });
      }
      send(404, { code: "rest_no_route" });
    });
  });
  Object.assign(fake, await listenOnLoopback(server));
  return fake;
}
