import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Organization, type Store, storeOrders, storeWebhookReceipts, stores, trackings } from "@/db/schema";
import { handleStoreWebhook } from "@/lib/api/store-webhooks";
import { resetEnvForTests } from "@/lib/env";
import { connectStore } from "@/lib/stores/connect-store";
import { removeStore } from "@/lib/stores/remove-store";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { createTestEngine, type TestEngine } from "@/testing/inngest";
import { PollTestClock } from "@/testing/poll-test-clock";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { startFakeShopify, type FakeShopify } from "@/testing/stores/fake-shopify";
import { dispatchPolls } from "./dispatch-polls";
import { pollTrackings } from "./poll-trackings";
import { syncStoreOrders } from "./sync-store-orders";
import { tellStores } from "./tell-stores";

const database = setupTestDatabase();
withTestEncryptionKey();
const clock = new PollTestClock(Date.UTC(2030, 0, 1, 0, 0, 30));
let shopify: FakeShopify;
let jobs: TestEngine;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  shopify = await startFakeShopify();
  vi.stubEnv("SHOPIFY_API_BASE_URL", shopify.url);
  vi.stubEnv("PUBLIC_BASE_URL", "https://waybill.example");
  resetEnvForTests();
  jobs = await createTestEngine({ db: database.db, functions: [dispatchPolls, pollTrackings, syncStoreOrders, tellStores], clock });
});
afterAll(async () => {
  await jobs.stop();
  await shopify.close();
  vi.unstubAllEnvs();
  resetEnvForTests();
  vi.useRealTimers();
});

/** Shopify's webhook as it arrives at Waybill's address. */
const receive = (signed: { headers: Record<string, string>; body: string }) =>
  handleStoreWebhook(new Request("https://waybill.example/webhooks/stores/shopify", { method: "POST", headers: signed.headers, body: signed.body }), "shopify");

async function trackingsOf(organizationId: string) {
  return database.db.select().from(trackings).where(eq(trackings.organizationId, organizationId)).orderBy(trackings.trackingNumber);
}

/** A second connected shop of its own organisation, for one test, with the Admin API pointed at it. */
async function withAnotherShop(name: string, test: (shop: FakeShopify, organization: Organization, store: Store) => Promise<void>) {
  const { organization } = await createTenant(database.db);
  const shop = await startFakeShopify({ shop: name });
  vi.stubEnv("SHOPIFY_API_BASE_URL", shop.url);
  resetEnvForTests();
  try {
    const store = await connectStore(
      database.db,
      organization.id,
      { platform: "shopify", shop: shop.shop, accessToken: shop.accessToken, apiSecret: shop.apiSecret, backfillDays: 0 },
      new Date(clock.now()),
    );
    await test(shop, organization, store);
  } finally {
    vi.stubEnv("SHOPIFY_API_BASE_URL", shopify.url);
    resetEnvForTests();
    await shop.close();
  }
}

describe("a Shopify store", () => {
  it("turns a fulfilment's numbers into trackings with the order's data and tells the store each status once, in order", async () => {
    const { organization } = await createTenant(database.db);
    const store = await connectStore(
      database.db,
      organization.id,
      { platform: "shopify", shop: "lima-lamps", accessToken: shopify.accessToken, apiSecret: shopify.apiSecret, backfillDays: 0 },
      new Date(clock.now()),
    );
    expect(store).toMatchObject({ platform: "shopify", shop: "lima-lamps.myshopify.com" });
    expect(shopify.subscriptions.map((subscription) => [subscription.topic, subscription.uri])).toEqual([
      ["FULFILLMENTS_CREATE", "https://waybill.example/webhooks/stores/shopify"],
      ["FULFILLMENTS_UPDATE", "https://waybill.example/webhooks/stores/shopify"],
      ["ORDERS_UPDATED", "https://waybill.example/webhooks/stores/shopify"],
    ]);

    const order = shopify.addOrder({
      number: 1001,
      email: "ana@example.com",
      phone: "+4915112345678",
      lineItems: {
        nodes: [
          { title: "Blue lamp", quantity: 1 },
          { title: "Bulb", quantity: 2 },
        ],
      },
    });
    const fulfilment = shopify.fulfil(order.id, ["ITOD-1-5550001", "ITOD-1-5550002"], "Testing Courier");
    const webhook = shopify.webhook("fulfillments/create", fulfilment, { webhookId: "delivery-1" });

    // A forged delivery (signed with another secret) is refused and leaves nothing behind.
    const forged = shopify.webhook("fulfillments/create", fulfilment, { webhookId: "forged", secret: "not-the-secret" });
    expect((await receive(forged)).status).toBe(401);
    expect(await database.db.select().from(storeWebhookReceipts).where(eq(storeWebhookReceipts.storeId, store.id))).toEqual([]);

    expect((await receive(webhook)).status).toBe(200);
    await jobs.drain();
    const created = await trackingsOf(organization.id);
    expect(created.map((tracking) => tracking.trackingNumber)).toEqual(["ITOD-1-5550001", "ITOD-1-5550002"]);
    for (const tracking of created) {
      expect(tracking).toMatchObject({
        slug: "testing-courier",
        storeShipped: true,
        orderId: order.id,
        orderNumber: "#1001",
        customerName: "Ana Lima",
        emails: ["ana@example.com"],
        smses: ["+4915112345678"],
        destinationPostalCode: "10115",
        destinationCountryIso3: "DEU",
        destinationCity: "Berlin",
        title: "Blue lamp, 2 × Bulb",
        source: "shopify:lima-lamps.myshopify.com",
      });
    }

    // Shopify retries the same delivery: nothing new.
    expect((await receive(webhook)).status).toBe(200);
    await jobs.drain();
    expect(await trackingsOf(organization.id)).toHaveLength(2);
    expect(shopify.calls.filter((call) => call === "order")).toHaveLength(1);

    // The testing courier moves both parcels a step a minute: Pending → I → T → O → D.
    for (let minute = 0; minute < 6; minute++) await jobs.advance("1m");
    expect((await trackingsOf(organization.id)).map((tracking) => tracking.tag)).toEqual(["Delivered", "Delivered"]);
    expect(shopify.events.map((event) => [event.fulfillmentId, event.status])).toEqual([
      [fulfilment.admin_graphql_api_id, "CONFIRMED"],
      [fulfilment.admin_graphql_api_id, "IN_TRANSIT"],
      [fulfilment.admin_graphql_api_id, "OUT_FOR_DELIVERY"],
      [fulfilment.admin_graphql_api_id, "DELIVERED"],
    ]);
    expect(shopify.events.at(-1)!.happenedAt).toMatch(/^2030-01-01T00:0\d:30\.000Z$/);

    // The store is disconnected: its subscriptions go, its webhooks are refused, its trackings stay.
    await removeStore(database.db, organization.id, store.id);
    expect(shopify.subscriptions).toEqual([]);
    const later = shopify.fulfil(order.id, ["ITOD-1-5550003"], "Testing Courier");
    expect((await receive(shopify.webhook("fulfillments/create", later))).status).toBe(404);
    await jobs.drain();
    expect(await trackingsOf(organization.id)).toHaveLength(2);
    expect(await database.db.select().from(stores).where(eq(stores.id, store.id))).toEqual([]);
  });

  it("ends the tracking of a number taken off its fulfilment, and every tracking of a cancelled fulfilment", async () => {
    await withAnotherShop(`second-shop.myshopify.com`, async (shop, organization, store) => {
      const order = shop.addOrder({ number: 2001 });
      const fulfilment = shop.fulfil(order.id, ["ITOD-5-7770001", "ITOD-5-7770002"], null);
      await receive(shop.webhook("fulfillments/create", fulfilment));
      await jobs.drain();
      const active = async () => (await trackingsOf(organization.id)).filter((tracking) => tracking.active).map((tracking) => tracking.trackingNumber);
      expect(await active()).toEqual(["ITOD-5-7770001", "ITOD-5-7770002"]);

      order.fulfillments[0]!.trackingInfo.pop();
      await receive(shop.webhook("fulfillments/update", { ...fulfilment, tracking_numbers: ["ITOD-5-7770001"] }));
      await jobs.drain();
      expect(await active()).toEqual(["ITOD-5-7770001"]);

      order.fulfillments[0]!.status = "CANCELLED";
      await receive(shop.webhook("fulfillments/update", { ...fulfilment, status: "cancelled" }));
      await jobs.drain();
      expect(await active()).toEqual([]);
      // Both trackings are kept, and the order is remembered as not shipped.
      expect(await trackingsOf(organization.id)).toHaveLength(2);
      const [remembered] = await database.db
        .select()
        .from(storeOrders)
        .where(and(eq(storeOrders.storeId, store.id), eq(storeOrders.orderId, order.id)));
      expect(remembered).toMatchObject({ name: "#2001", paid: true, shipped: false });
      await removeStore(database.db, organization.id, store.id);
    });
  });

  it("tells a disconnected store nothing more", async () => {
    await withAnotherShop(`third-shop.myshopify.com`, async (shop, organization, store) => {
      const order = shop.addOrder({ number: 3001 });
      await receive(shop.webhook("fulfillments/create", shop.fulfil(order.id, ["ITOD-1-5560001"], "Testing Courier")));
      await jobs.drain();
      for (let minute = 0; minute < 3; minute++) await jobs.advance("1m");
      const told = shop.events.map((event) => event.status);
      expect(told).toEqual(["CONFIRMED", "IN_TRANSIT"]);
      await removeStore(database.db, organization.id, store.id);
      for (let minute = 0; minute < 4; minute++) await jobs.advance("1m");
      expect((await trackingsOf(organization.id)).map((tracking) => tracking.tag)).toEqual(["Delivered"]);
      expect(shop.events.map((event) => event.status)).toEqual(told);
    });
  });
});
