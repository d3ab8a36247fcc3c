import http from "node:http";
import { listenOnLoopback } from "@/testing/carriers/listen-on-loopback";
import { randomUUID } from "node:crypto";
import { shopifySignature } from "@/lib/stores/shopify/webhook-signature";

/**
 * A local stand-in for one Shopify shop's Admin GraphQL API (2026-10), written from Shopify's
 * documentation: the `shop`, `order` and `orders` queries, webhook subscriptions, fulfilment events
 * and tracking info, cost-based throttling (`THROTTLED` with `extensions.cost`), and webhooks signed
 * as Shopify signs them (`X-Shopify-Hmac-Sha256`, base64 HMAC-SHA256 of the body with the app secret).
 */

export interface FakeOrder {
  id: string;
  name: string;
  createdAt: string;
  cancelledAt: string | null;
  email: string | null;
  phone: string | null;
  displayFinancialStatus: string;
  customer: { displayName: string } | null;
  shippingAddress: { name: string; zip: string; countryCodeV2: string; city: string; provinceCode: string | null } | null;
  lineItems: { nodes: Array<{ title: string; quantity: number; unfulfilledQuantity?: number }> };
  fulfillments: Array<{ id: string; status: string; trackingInfo: Array<{ number: string; company: string | null }> }>;
  updatedAt: string;
}

export interface FakeFulfillmentEvent {
  fulfillmentId: string;
  status: string;
  happenedAt: string | null;
  city: string | null;
  country: string | null;
  estimatedDeliveryAt: string | null;
  message: string | null;
}

export interface FakeShopifyOptions {
  shop?: string;
  accessToken?: string;
  apiSecret?: string;
  /** The cost bucket: Shopify's standard plan holds 1,000 points and refills 100 a second. */
  maximumAvailable?: number;
  restoreRate?: number;
  /** A fixed port (a server started earlier was told it); default: any free one. */
  port?: number;
}

export interface FakeShopify {
  url: string;
  shop: string;
  accessToken: string;
  apiSecret: string;
  orders: Map<string, FakeOrder>;
  subscriptions: Array<{ id: string; topic: string; uri: string }>;
  events: FakeFulfillmentEvent[];
  trackingUrls: Array<{ fulfillmentId: string; number: string; url: string }>;
  /** Queries answered `THROTTLED`. */
  throttled: number;
  /** Every call's top-level field, in order. */
  calls: string[];
  addOrder(order: Partial<FakeOrder> & { number: number }): FakeOrder;
  /** Ships part of an order: a fulfilment with these numbers; the REST-format body of its `fulfillments/create` webhook. */
  /** A fulfilment of the named items (all of them when none are named) with these tracking numbers. */
  fulfil(orderId: string, numbers: string[], company?: string | null, items?: string[]): Record<string, unknown>;
  /** The webhook as Shopify would send it to each subscription of the topic (REST topic name, e.g. `fulfillments/create`). */
  webhook(topic: string, body: Record<string, unknown>, options?: { webhookId?: string; secret?: string }): { headers: Record<string, string>; body: string };
  /** Sends it to the subscribed address; the answer's status. */
  deliver(topic: string, body: Record<string, unknown>, options?: { webhookId?: string }): Promise<number>;
  close(): Promise<void>;
}

const numericId = (gid: string) => Number(gid.split("/").pop());

export async function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  const shop = options.shop ?? "lima-lamps.myshopify.com";
  const accessToken = options.accessToken ?? "shpat_fake_token";
  const apiSecret = options.apiSecret ?? "fake-app-secret";
  const maximumAvailable = options.maximumAvailable ?? 1000;
  const restoreRate = options.restoreRate ?? 100;
  let available = maximumAvailable;
  let refilledAt = Date.now();
  let sequence = 1000;

  const fake: FakeShopify = {
    // `url` and `close` are set once the server listens.
    url: "",
    shop,
    accessToken,
    apiSecret,
    orders: new Map(),
    subscriptions: [],
    events: [],
    trackingUrls: [],
    throttled: 0,
    calls: [],
    addOrder(partial) {
      const id = `gid://shopify/Order/${partial.number}`;
      const order: FakeOrder = {
        id,
        name: `#${partial.number}`,
        createdAt: new Date().toISOString(),
        cancelledAt: null,
        email: "ana@example.com",
        phone: null,
        displayFinancialStatus: "PAID",
        customer: { displayName: "Ana Lima" },
        shippingAddress: { name: "Ana Lima", zip: "10115", countryCodeV2: "DE", city: "Berlin", provinceCode: null },
        lineItems: { nodes: [{ title: "Blue lamp", quantity: 1 }] },
        fulfillments: [],
        updatedAt: new Date().toISOString(),
        ...partial,
      };
      for (const item of order.lineItems.nodes) item.unfulfilledQuantity ??= item.quantity;
      fake.orders.set(id, order);
      return order;
    },
    fulfil(orderId, numbers, company = null, items) {
      const order = fake.orders.get(orderId)!;
      for (const item of order.lineItems.nodes) if (!items || items.includes(item.title)) item.unfulfilledQuantity = 0;
      const fulfillmentId = `gid://shopify/Fulfillment/${++sequence}`;
      order.fulfillments.push({ id: fulfillmentId, status: "SUCCESS", trackingInfo: numbers.map((number) => ({ number, company })) });
      order.updatedAt = new Date().toISOString();
      return {
        id: numericId(fulfillmentId),
        admin_graphql_api_id: fulfillmentId,
        order_id: numericId(orderId),
        status: "success",
        created_at: order.updatedAt,
        tracking_company: company,
        tracking_number: numbers[0] ?? null,
        tracking_numbers: numbers,
        name: `${order.name}.${order.fulfillments.length}`,
      };
    },
    webhook(topic, body, { webhookId = randomUUID(), secret = apiSecret } = {}) {
      const text = JSON.stringify(body);
      return {
        body: text,
        headers: {
          "content-type": "application/json",
          "x-shopify-topic": topic,
          "x-shopify-hmac-sha256": shopifySignature(text, secret),
          "x-shopify-shop-domain": shop,
          "x-shopify-webhook-id": webhookId,
          "x-shopify-api-version": "2026-10",
          "x-shopify-triggered-at": new Date().toISOString(),
        },
      };
    },
    async deliver(topic, body, deliveryOptions) {
      const graphqlTopic = topic.toUpperCase().replace("/", "_");
      const subscription = fake.subscriptions.find((candidate) => candidate.topic === graphqlTopic);
      if (!subscription) throw new Error(`No subscription to ${graphqlTopic}`);
      const signed = fake.webhook(topic, body, deliveryOptions);
      const response = await fetch(subscription.uri, { method: "POST", headers: signed.headers, body: signed.body });
      return response.status;
    },
    close: async () => undefined,
  };

  function cost(query: string, variables: Record<string, unknown>): number {
    if (/\borders\s*\(/.test(query)) return 2 + Number(variables.first ?? 10) * 25;
    if (/\border\s*\(/.test(query)) return 27;
    return /^\s*mutation/m.test(query) ? 10 : 1;
  }

  function answer(query: string, variables: Record<string, any>): unknown {
    if (/\bshop\s*\{/.test(query)) {
      fake.calls.push("shop");
      return { shop: { name: "Lima Lamps", myshopifyDomain: shop } };
    }
    if (/webhookSubscriptionCreate\s*\(/.test(query)) {
      fake.calls.push("webhookSubscriptionCreate");
      const id = `gid://shopify/WebhookSubscription/${++sequence}`;
      fake.subscriptions.push({ id, topic: variables.topic, uri: variables.webhookSubscription.uri });
      return { webhookSubscriptionCreate: { webhookSubscription: { id }, userErrors: [] } };
    }
    if (/webhookSubscriptionDelete\s*\(/.test(query)) {
      fake.calls.push("webhookSubscriptionDelete");
      fake.subscriptions = fake.subscriptions.filter((subscription) => subscription.id !== variables.id);
      return { webhookSubscriptionDelete: { deletedWebhookSubscriptionId: variables.id, userErrors: [] } };
    }
    if (/fulfillmentEventCreate\s*\(/.test(query)) {
      fake.calls.push("fulfillmentEventCreate");
      const input = variables.fulfillmentEvent;
      const known = [...fake.orders.values()].some((order) => order.fulfillments.some((fulfillment) => fulfillment.id === input.fulfillmentId));
      if (!known)
        return { fulfillmentEventCreate: { fulfillmentEvent: null, userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist" }] } };
      fake.events.push({
        fulfillmentId: input.fulfillmentId,
        status: input.status,
        happenedAt: input.happenedAt ?? null,
        city: input.city ?? null,
        country: input.country ?? null,
        estimatedDeliveryAt: input.estimatedDeliveryAt ?? null,
        message: input.message ?? null,
      });
      return { fulfillmentEventCreate: { fulfillmentEvent: { id: `gid://shopify/FulfillmentEvent/${++sequence}`, status: input.status }, userErrors: [] } };
    }
    if (/fulfillmentTrackingInfoUpdate\s*\(/.test(query)) {
      fake.calls.push("fulfillmentTrackingInfoUpdate");
      fake.trackingUrls.push({ fulfillmentId: variables.fulfillmentId, number: variables.trackingInfoInput.number, url: variables.trackingInfoInput.url });
      return { fulfillmentTrackingInfoUpdate: { fulfillment: { id: variables.fulfillmentId }, userErrors: [] } };
    }
    if (/\borders\s*\(/.test(query)) {
      fake.calls.push("orders");
      const since = /updated_at:>='([^']+)'/.exec(variables.query ?? "")?.[1];
      const all = [...fake.orders.values()]
        .filter((order) => !since || order.updatedAt >= since)
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id));
      const start = variables.after ? Number(Buffer.from(variables.after, "base64").toString()) : 0;
      const nodes = all.slice(start, start + variables.first);
      const end = start + nodes.length;
      return { orders: { pageInfo: { hasNextPage: end < all.length, endCursor: nodes.length ? Buffer.from(String(end)).toString("base64") : null }, nodes } };
    }
    if (/\border\s*\(/.test(query)) {
      fake.calls.push("order");
      return { order: fake.orders.get(variables.id) ?? null };
    }
    throw new Error(`The fake does not know this query: ${query.slice(0, 80)}`);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.method !== "POST" || request.url !== "/admin/api/2026-10/graphql.json") return send(404, { errors: "Not Found" });
      if (request.headers["x-shopify-access-token"] !== accessToken)
        return send(401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
      const { query, variables = {} } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { query: string; variables?: Record<string, unknown> };
      const now = Date.now();
      available = Math.min(maximumAvailable, available + ((now - refilledAt) / 1000) * restoreRate);
      refilledAt = now;
      const requested = cost(query, variables);
      const throttleStatus = () => ({ maximumAvailable, currentlyAvailable: Math.floor(available), restoreRate });
      if (requested > available) {
        fake.throttled += 1;
        return send(200, {
          errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" } }],
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() } },
        });
      }
      available -= requested;
      try {
        send(200, {
          data: answer(query, variables),
          extensions: { cost: { requestedQueryCost: requested, actualQueryCost: requested, throttleStatus: throttleStatus() } },
        });
      } catch (error) {
        send(200, { errors: [{ message: (error as Error).message }] });
      }
    });
  });
  Object.assign(fake, await listenOnLoopback(server, options.port));
  return fake;
}
