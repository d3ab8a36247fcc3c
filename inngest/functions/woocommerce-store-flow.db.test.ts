import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storeWebhookReceipts, trackings } from "@/db/schema";
import { handleStoreWebhook } from "@/lib/api/store-webhooks";
import { resetEnvForTests } from "@/lib/env";
import { connectStore } from "@/lib/stores/connect-store";
import { removeStore } from "@/lib/stores/remove-store";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { createTestEngine, type TestEngine } from "@/testing/inngest";
import { PollTestClock } from "@/testing/poll-test-clock";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { startFakeWooCommerce, type FakeWooCommerce } from "@/testing/stores/fake-woocommerce";
import { dispatchPolls } from "./dispatch-polls";
import { pollTrackings } from "./poll-trackings";
import { syncStoreOrders } from "./sync-store-orders";
import { tellStores } from "./tell-stores";
import { backfillStores } from "./backfill-stores";

const database = setupTestDatabase();
withTestEncryptionKey();
const clock = new PollTestClock(Date.UTC(2030, 0, 1, 0, 0, 30));
let site: FakeWooCommerce;
let jobs: TestEngine;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  site = await startFakeWooCommerce();
  vi.stubEnv("PUBLIC_BASE_URL", "https://waybill.example");
  resetEnvForTests();
  jobs = await createTestEngine({ db: database.db, functions: [dispatchPolls, pollTrackings, syncStoreOrders, tellStores, backfillStores], clock });
});
afterAll(async () => {
  await jobs.stop();
  await site.close();
  vi.unstubAllEnvs();
  resetEnvForTests();
  vi.useRealTimers();
});

const receive = (delivery: { url: string; headers: Record<string, string>; body: string }) => {
  const storeId = delivery.url.split("/").pop()!;
  return handleStoreWebhook(new Request(delivery.url, { method: "POST", headers: delivery.headers, body: delivery.body }), "woocommerce", storeId);
};

describe("a WooCommerce store", () => {
  it("takes the Shipment Tracking numbers of an updated order, notes each status on the order once, and completes it on delivery", async () => {
    const { organization } = await createTenant(database.db);
    const store = await connectStore(
      database.db,
      organization.id,
      {
        platform: "woocommerce",
        siteUrl: site.url,
        consumerKey: site.consumerKey,
        consumerSecret: site.consumerSecret,
        completeOnDelivery: true,
        backfillDays: 0,
      },
      new Date(clock.now()),
    );
    expect(site.webhooks).toEqual([
      expect.objectContaining({ topic: "order.updated", delivery_url: `https://waybill.example/webhooks/stores/woocommerce/${store.id}` }),
    ]);

    site.addOrder({ id: 501 });
    site.ship(501, [
      { number: "ITOD-1-8880001", provider: "testing-courier" },
      { number: "ITOD-1-8880002", provider: "testing-courier" },
    ]);
    const delivery = site.delivery(501, { deliveryId: "wc-delivery-1" });
    expect((await receive(site.delivery(501, { secret: "wrong" }))).status).toBe(401);
    expect(await database.db.select().from(storeWebhookReceipts).where(eq(storeWebhookReceipts.storeId, store.id))).toEqual([]);
    expect((await receive(delivery)).status).toBe(200);
    expect((await receive(delivery)).status).toBe(200);
    await jobs.drain();
    const rows = (await database.db.select().from(trackings).where(eq(trackings.organizationId, organization.id)).orderBy(trackings.trackingNumber)).filter(
      (row) => row.orderNumber === "#501",
    );
    expect(
      rows.map((row) => [row.trackingNumber, row.slug, row.orderNumber, row.customerName, row.emails, row.smses, row.destinationCountryIso3, row.title]),
    ).toEqual([
      ["ITOD-1-8880001", "testing-courier", "#501", "Jo Berg", ["jo@example.com"], ["+46701234567"], "SWE", "2 × Wool socks"],
      ["ITOD-1-8880002", "testing-courier", "#501", "Jo Berg", ["jo@example.com"], ["+46701234567"], "SWE", "2 × Wool socks"],
    ]);

    for (let minute = 0; minute < 6; minute++) await jobs.advance("1m");
    // One note per parcel per status, in order; the order completed once both are delivered.
    const notesOf = (number: string) => site.notes.filter((note) => note.note.includes(number)).map((note) => /: ([^(.]+)/.exec(note.note)![1]!.trim());
    for (const number of ["ITOD-1-8880001", "ITOD-1-8880002"]) expect(notesOf(number)).toHaveLength(4);
    expect(site.notes.every((note) => note.orderId === 501 && note.note.includes("https://waybill.example/t/"))).toBe(true);
    expect(site.orders.get(501)!.status).toBe("completed");
    expect(site.refused).toBe(0);

    await removeStore(database.db, organization.id, store.id);
    expect(site.webhooks).toEqual([]);
    expect((await receive(delivery)).status).toBe(404);
  });
});
