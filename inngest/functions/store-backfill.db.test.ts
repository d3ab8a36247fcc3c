import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storeOrders, stores, trackings } from "@/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { ordersAwaitingShipment } from "@/lib/stores/awaiting-shipment";
import { backfillStorePage } from "@/lib/stores/backfill-store";
import { connectStore } from "@/lib/stores/connect-store";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { createTestEngine } from "@/testing/inngest";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { startFakeShopify, type FakeShopify } from "@/testing/stores/fake-shopify";
import { backfillStores } from "./backfill-stores";

const database = setupTestDatabase();
withTestEncryptionKey();
let shopify: FakeShopify;

beforeAll(async () => {
  // A small bucket: every page of 25 orders (627 points) after the first waits about two seconds for
  // points, longer than storing a page takes even on a loaded machine, so the limit is always met.
  shopify = await startFakeShopify({ shop: "backfill-shop.myshopify.com", maximumAvailable: 700, restoreRate: 250 });
  vi.stubEnv("SHOPIFY_API_BASE_URL", shopify.url);
  vi.stubEnv("PUBLIC_BASE_URL", "https://waybill.example");
  resetEnvForTests();
  const day = 86_400_000;
  for (let number = 1; number <= 60; number++) {
    const order = shopify.addOrder({ number: 3000 + number, createdAt: new Date(Date.now() - (number % 40) * day).toISOString() });
    // Order n last changed n − 1 days ago (the last 20 long ago); every third is not shipped yet.
    if (number % 3 !== 0) shopify.fulfil(order.id, [`ITOD-5-${900_000 + number}`], "Testing Courier");
    order.updatedAt = new Date(Date.now() - (number <= 40 ? number - 1 : 90) * day).toISOString();
  }
});
afterAll(async () => {
  await shopify.close();
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("a store's backfill", () => {
  it("brings in the last N days' orders page by page within Shopify's cost limit, goes on from its cursor after a stop, and makes nothing twice", async () => {
    const { organization } = await createTenant(database.db);
    const store = await connectStore(
      database.db,
      organization.id,
      { platform: "shopify", shop: shopify.shop, accessToken: shopify.accessToken, apiSecret: shopify.apiSecret, backfillDays: 30 },
      new Date(),
    );
    // A first page, then the process stops (nothing else ran).
    expect(await backfillStorePage(database.db, store.id, new Date())).toBe(true);
    const [halfway] = await database.db.select().from(stores).where(eq(stores.id, store.id));
    expect(halfway!.backfill).toMatchObject({ status: "running", orders: 25, cursor: expect.any(String) });

    // After a restart the queued backfill goes on from the cursor kept on the store.
    const jobs = await createTestEngine({ db: database.db, functions: [backfillStores] });
    try {
      await jobs.drain();
    } finally {
      await jobs.stop();
    }
    const [done] = await database.db.select().from(stores).where(eq(stores.id, store.id));
    // Orders changed in the last 30 days: 1–30 (order 31 changed 30 days ago, a moment before `since`); 20 of them shipped.
    expect(done!.backfill).toMatchObject({ status: "done", cursor: null, orders: 30, trackings: 20 });
    expect(shopify.throttled).toBeGreaterThan(0);
    const numbers = (await database.db.select().from(trackings).where(eq(trackings.organizationId, organization.id))).map((row) => row.trackingNumber);
    expect(numbers).toHaveLength(20);
    expect(new Set(numbers).size).toBe(20);
    const remembered = await database.db.select().from(storeOrders).where(eq(storeOrders.storeId, store.id));
    expect(remembered.filter((order) => !order.shipped)).toHaveLength(10);
    // The paid orders without a number await shipment, oldest first; past two business days they are late.
    const awaiting = await ordersAwaitingShipment(database.db, organization.id, new Date());
    expect(awaiting).toHaveLength(10);
    expect(awaiting.map((order) => order.placedAt)).toEqual([...awaiting.map((order) => order.placedAt)].sort());
    for (const order of awaiting) expect(order.late).toBe(order.businessDays > 2);
    expect(awaiting.some((order) => order.late)).toBe(true);
  });
});
