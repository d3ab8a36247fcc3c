import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { trackings } from "@/db/schema";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { getEddModel, MODEL_MAX_AGE_MS, refreshEddModel } from "./get-edd-model";
import { loadDeliverySamples } from "./load-delivery-samples";

const testDb = setupTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

async function storeDelivery(organizationId: string, overrides: Partial<typeof trackings.$inferInsert> = {}) {
  const id = randomBytes(16).toString("hex");
  await testDb.db.insert(trackings).values({
    organizationId,
    id,
    trackingNumber: id,
    slug: "ups",
    dedupeKey: id,
    title: id,
    originCountryIso3: "USA",
    originState: "WA",
    destinationCountryIso3: "USA",
    destinationState: "CA",
    pickedUpAt: new Date("2024-03-04T23:00:00Z"),
    deliveredAt: new Date("2024-03-06T18:00:00Z"),
    ...overrides,
  });
}

describe("getEddModel", () => {
  it("trains on delivered trackings only, in the carrier's local dates when it gave them", async () => {
    const { organization } = await createTenant(testDb.db);
    await storeDelivery(organization.id);
    // Picked up late on Monday local time though Tuesday in UTC: the carrier's date wins.
    await storeDelivery(organization.id, { pickedUpAt: new Date("2024-03-05T06:00:00Z"), shipmentPickupDate: "2024-03-04T22:00:00" });
    await storeDelivery(organization.id, { deliveredAt: null });
    await storeDelivery(organization.id, { pickedUpAt: null });
    const model = await refreshEddModel(testDb.db);
    expect(model.pooled["courier|ups"]).toEqual([0, 0, 2]);
    expect(model.organizations[organization.id]?.["regions|ups|US:WA|US:CA"]).toEqual([0, 0, 2]);
  });

  it("keeps one model for an hour, then answers with the old one while a new one trains", async () => {
    const { organization } = await createTenant(testDb.db);
    vi.useFakeTimers({ toFake: ["Date"] });
    const first = await refreshEddModel(testDb.db);
    await storeDelivery(organization.id, { slug: "usps" });
    expect(await getEddModel(testDb.db)).toBe(first);

    vi.setSystemTime(Date.now() + MODEL_MAX_AGE_MS + 1);
    expect(await getEddModel(testDb.db)).toBe(first);
    await vi.waitFor(async () => expect(await getEddModel(testDb.db)).not.toBe(first));
    expect((await getEddModel(testDb.db)).pooled["courier|usps"]).toEqual([0, 0, 1]);
  });

  it("keeps a small merchant's own history in the model however many deliveries a big one has", async () => {
    const { organization: big } = await createTenant(testDb.db);
    const { organization: small } = await createTenant(testDb.db);
    for (let day = 0; day < 12; day++) await storeDelivery(small.id, { deliveredAt: new Date(Date.UTC(2024, 0, 2 + day, 18)) });
    // The big merchant's deliveries are all more recent than the small one's.
    for (let index = 0; index < 40; index++) await storeDelivery(big.id, { deliveredAt: new Date(Date.UTC(2024, 4, 1, 8, index)) });
    const samples = await loadDeliverySamples(testDb.db, 100, 12);
    const of = (organizationId: string) => samples.filter((sample) => sample.organizationId === organizationId).length;
    expect({ big: of(big.id), small: of(small.id) }).toEqual({ big: 12, small: 12 });
    expect(samples.every((sample, index) => index === 0 || samples[index - 1]!.deliveredAt >= sample.deliveredAt)).toBe(true);
  });
});
