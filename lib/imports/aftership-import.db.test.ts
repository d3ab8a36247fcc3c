import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkpoints, importRuns, trackings } from "@/db/schema";
import { importTrackingsFunction } from "@/inngest/functions/import-trackings";
import { seedDemoTrackings } from "@/lib/demo/seed-demo";
import { resetEnvForTests } from "@/lib/env";
import { callApi } from "@/testing/api-client";
import { startApiServer, type ApiServer } from "@/testing/api-server";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { createTestEngine } from "@/testing/inngest";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { storeScan } from "@/testing/tracking-updates";
import { importAfterShipPage, startAfterShipImport } from "./aftership-import";

const database = setupTestDatabase();
withTestEncryptionKey();
let source: ApiServer;
let sourceKey: string;
let sourceCount: number;

beforeAll(async () => {
  // The account being moved: another organisation of a Waybill reached over HTTP, as AfterShip would be.
  source = await startApiServer();
  vi.stubEnv("AFTERSHIP_API_BASE_URL", source.url);
  resetEnvForTests();
  const tenant = await createTenant(database.db);
  sourceKey = tenant.key;
  await seedDemoTrackings(database.db, tenant.organization.id, { days: 9, ordersPerDay: 25, now: new Date() });
  const created = await callApi("POST", "/tracking/2025-04/trackings", {
    key: sourceKey,
    body: {
      tracking_number: "ITOD-0-4242424242",
      slug: "testing-courier",
      title: "Blue lamp",
      order_id: "gid-1001",
      order_number: "#1001",
      order_date: "2026-11-01T10:00:00+01:00",
      order_promised_delivery_date: "2026-11-10",
      customers: [{ role: "buyer", name: "Ana Lima", email: "ana@example.com", phone_number: "+4915112345678", language: "de" }],
      custom_fields: { gift: "yes" },
      order_tags: ["vip"],
      destination_country_region: "DEU",
      destination_postal_code: "10115",
      note: "Leave at the door",
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  await storeScan(tenant.organization.id, id, {
    tag: "InTransit",
    subtag: "InTransit_002",
    message: "Accepted",
    city: "Lima",
    checkpointTime: "2026-11-02T09:00:00",
  });
  await storeScan(tenant.organization.id, id, {
    tag: "OutForDelivery",
    subtag: "OutForDelivery_001",
    message: "Out for delivery",
    city: "Berlin",
    checkpointTime: "2026-11-05T08:00:00",
  });
  sourceCount = (await database.db.select({ id: trackings.id }).from(trackings).where(eq(trackings.organizationId, tenant.organization.id))).length;
});
afterAll(async () => {
  await source.close();
  vi.unstubAllEnvs();
  resetEnvForTests();
});

const trackingsOf = (organizationId: string) => database.db.select().from(trackings).where(eq(trackings.organizationId, organizationId));

describe("an import from AfterShip", () => {
  it("brings every tracking with its fields, status and history, goes on after a stop, and updates on a second run instead of duplicating", async () => {
    expect(sourceCount).toBeGreaterThan(200);
    const { organization } = await createTenant(database.db);
    const run = await startAfterShipImport(database.db, organization.id, { apiKey: sourceKey }, new Date());
    // One page, then the process stops; after a restart the queued import goes on from the cursor.
    expect(await importAfterShipPage(database.db, run.id, new Date())).toBe(true);
    const jobs = await createTestEngine({ db: database.db, functions: [importTrackingsFunction] });
    try {
      await jobs.drain();
    } finally {
      await jobs.stop();
    }
    const [finished] = await database.db.select().from(importRuns).where(eq(importRuns.id, run.id));
    expect(finished).toMatchObject({ status: "done", imported: sourceCount, updated: 0, skipped: 0, credentialsCiphertext: null });
    const imported = await trackingsOf(organization.id);
    expect(imported).toHaveLength(sourceCount);

    const [lamp] = imported.filter((tracking) => tracking.trackingNumber === "ITOD-0-4242424242");
    expect(lamp).toMatchObject({
      slug: "testing-courier",
      title: "Blue lamp",
      orderId: "gid-1001",
      orderNumber: "#1001",
      orderPromisedDeliveryDate: "2026-11-10",
      customerName: "Ana Lima",
      emails: ["ana@example.com"],
      smses: ["+4915112345678"],
      customFields: { gift: "yes" },
      orderTags: ["vip"],
      destinationCountryIso3: "DEU",
      destinationPostalCode: "10115",
      note: "Leave at the door",
      tag: "OutForDelivery",
      subtag: "OutForDelivery_001",
      source: "aftership",
      active: true,
    });
    const timeline = await database.db
      .select()
      .from(checkpoints)
      .where(and(eq(checkpoints.organizationId, organization.id), eq(checkpoints.trackingId, lamp!.id)))
      .orderBy(checkpoints.position);
    expect(timeline.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.message, checkpoint.city, checkpoint.subtag])).toEqual([
      ["2026-11-02T09:00:00", "Accepted", "Lima", "InTransit_002"],
      ["2026-11-05T08:00:00", "Out for delivery", "Berlin", "OutForDelivery_001"],
    ]);
    const delivered = imported.filter((tracking) => tracking.tag === "Delivered");
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((tracking) => !tracking.active && tracking.nextPollAt === null)).toBe(true);

    const again = await startAfterShipImport(database.db, organization.id, { apiKey: sourceKey }, new Date());
    while (await importAfterShipPage(database.db, again.id, new Date()));
    const [second] = await database.db
      .select()
      .from(importRuns)
      .where(and(eq(importRuns.organizationId, organization.id), eq(importRuns.id, again.id)));
    expect(second).toMatchObject({ status: "done", imported: 0, updated: sourceCount });
    expect(await trackingsOf(organization.id)).toHaveLength(sourceCount);
  });

  it("refuses a key the account does not take, naming it", async () => {
    const { organization } = await createTenant(database.db);
    await expect(startAfterShipImport(database.db, organization.id, { apiKey: "not-a-key" }, new Date())).rejects.toMatchObject({
      kind: "invalid",
      field: "apiKey",
      message: expect.stringContaining("refused the API key"),
    });
  });
});
