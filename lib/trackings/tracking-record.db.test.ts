import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkpoints, trackings } from "@/db/schema";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { storeScan } from "@/testing/tracking-updates";
import { createTracking } from "./create-tracking";
import { preparedRecords } from "./tracking-record";

const database = setupTestDatabase();

describe("trackings read with their checkpoints", () => {
  it("are the records drizzle's own mapping gives, on the database and in a transaction", async () => {
    const { organization } = await createTenant(database.db);
    const fields = {
      title: "Blue mug",
      emails: ["ana@example.com"],
      customFields: { colour: "blue", size: "M" },
      orderPromisedDeliveryDate: "2025-03-04",
      destinationCountryIso3: "DEU",
    };
    const full = await createTracking(database.db, organization, { trackingNumber: "ITOD-rec-1", slugs: ["testing-courier"], fields });
    await createTracking(database.db, organization, { trackingNumber: "ITOD-rec-2", slugs: ["testing-courier"], fields: {} });
    await storeScan(organization.id, full.tracking.id, { tag: "InTransit", subtag: "InTransit_002", message: "Departed", city: "Madrid", countryIso3: "ESP" });
    await storeScan(organization.id, full.tracking.id, { tag: "Delivered", subtag: "Delivered_001", message: "Delivered" });

    const query = {
      where: eq(trackings.organizationId, organization.id),
      orderBy: asc(trackings.trackingNumber),
      with: { checkpoints: { orderBy: asc(checkpoints.position) } },
    } as const;
    const expected = (await database.db.query.trackings.findMany(query)).map(({ checkpoints: timeline, ...tracking }) => ({ tracking, checkpoints: timeline }));
    expect(expected.map((record) => record.checkpoints.length)).toEqual([2, 0]);

    expect(await preparedRecords(database.db, database.db.query.trackings.findMany(query), "records_test").execute()).toEqual(expected);
    expect(await database.db.transaction((tx) => preparedRecords(tx, tx.query.trackings.findMany(query)).execute())).toEqual(expected);
  });
});
