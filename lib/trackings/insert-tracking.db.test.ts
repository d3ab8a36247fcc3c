import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { trackings } from "@/db/schema";
import { ConflictError } from "@/lib/domain-errors";
import { recomputeRollups, storedRollups } from "@/testing/recompute-rollups";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTracking, newTrackingRow } from "./create-tracking";
import { asInserted, insertTracking } from "./insert-tracking";

const database = setupTestDatabase();

describe("a new tracking's insert", () => {
  it("counts the tracking in the rollups in its own statement, and a duplicate not at all", async () => {
    const { organization } = await createTenant(database.db);
    const input = { trackingNumber: "1Z999AA10123456784", slugs: ["ups"], fields: { destinationCountryIso3: "DEU" } };
    await createTracking(database.db, organization, input);
    await expect(createTracking(database.db, organization, input)).rejects.toBeInstanceOf(ConflictError);

    const stored = await storedRollups(database.db, organization.id);
    expect(stored).toEqual(await recomputeRollups(database.db, organization.id));
    expect([...stored.counters.values()]).toEqual([expect.objectContaining({ shipments: 1, pending: 1 })]);
  });

  it("returns the row as drizzle reads it, and knows that row before it runs (its rollup counters are written with it)", async () => {
    const { organization } = await createTenant(database.db);
    const input = { trackingNumber: "9400111899223197428490", slugs: ["usps"], fields: { title: "Mug", originCountryIso3: "USA", orderId: "A-1" } };
    const { row } = await newTrackingRow(database.db, organization, input, new Date());
    const { tracking } = await createTracking(database.db, organization, input);
    const [readBack] = await database.db.select().from(trackings).where(eq(trackings.id, tracking.id));
    expect(tracking).toEqual(readBack);
    expect(tracking).toEqual({
      ...asInserted(row),
      id: tracking.id,
      createdAt: tracking.createdAt,
      updatedAt: tracking.updatedAt,
      nextPollAt: tracking.nextPollAt,
      lastUpdatedAt: tracking.lastUpdatedAt,
    });
  });

  it("writes the same inside a transaction, where a rollback takes back the tracking and its count together", async () => {
    const { organization } = await createTenant(database.db);
    const input = { trackingNumber: "123456789012", slugs: ["fedex"], fields: { destinationCountryIso3: "FRA" } };
    const { row, connection } = await newTrackingRow(database.db, organization, input, new Date());
    await expect(
      database.db.transaction(async (tx) => {
        expect(await insertTracking(tx, row, connection)).toEqual(expect.objectContaining({ id: row.id, courierConnectionId: null, tag: "Pending" }));
        expect((await storedRollups(tx, organization.id)).counters.size).toBe(1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await storedRollups(database.db, organization.id)).counters.size).toBe(0);
    expect(await database.db.select().from(trackings).where(eq(trackings.id, row.id))).toEqual([]);

    await database.db.transaction((tx) => insertTracking(tx, row, connection));
    expect(await storedRollups(database.db, organization.id)).toEqual(await recomputeRollups(database.db, organization.id));
  });
});
