import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkpoints, trackings } from "@/db/schema";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { applyTrackingUpdates, type CheckpointInput } from "./apply-tracking-update";
import { createTracking } from "./create-tracking";

const database = setupTestDatabase();
const NOW = new Date("2030-03-04T05:06:07.000Z");

function scan(checkpointTime: string, tag: CheckpointInput["tag"], subtag: string, message: string): CheckpointInput {
  return {
    checkpointTime,
    occurredAt: `${checkpointTime}Z`,
    message,
    location: "Leeds",
    city: "Leeds",
    state: null,
    zip: null,
    countryIso3: "GBR",
    countryName: "United Kingdom",
    coordinates: [],
    tag,
    subtag,
    subtagMessage: message,
    rawTag: subtag,
    source: "carrier",
  };
}

async function newTrackings(count: number) {
  const { organization } = await createTenant(database.db);
  const created = [];
  for (let index = 0; index < count; index++) {
    const record = await createTracking(database.db, organization, {
      trackingNumber: `1Z999AA1012345678${index}`,
      slugs: ["ups"],
      fields: { title: `Parcel ${index}`, emails: ["buyer@example.com"], customFields: { gift: "yes" } },
    });
    created.push(record.tracking);
  }
  return created;
}

async function stored(organizationId: string, id: string) {
  const [row] = await database.db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, id)));
  const timeline = await database.db
    .select()
    .from(checkpoints)
    .where(and(eq(checkpoints.organizationId, organizationId), eq(checkpoints.trackingId, id)))
    .orderBy(asc(checkpoints.position));
  return { row: row!, timeline };
}

describe("applyTrackingUpdates: a batch in one read, one insert and one update", () => {
  it("writes each tracking's own columns and leaves the columns it does not set alone", async () => {
    const [first, second, third] = await newTrackings(3);
    const changes = await applyTrackingUpdates(database.db, [
      {
        tracking: first!,
        input: {
          checkpoints: [scan("2030-03-01T08:00:00", "InTransit", "InTransit_001", "Departed facility")],
          facts: { signedBy: null, shipmentWeight: 1.25, shipmentWeightUnit: "kg", shipmentPackageCount: 2 },
          columns: { trackedCount: 4, lastPolledAt: NOW },
          now: NOW,
        },
      },
      // Nothing new: only its poll bookkeeping moves.
      { tracking: second!, input: { checkpoints: [], columns: { nextPollAt: null, active: false }, now: NOW } },
      {
        tracking: third!,
        input: { checkpoints: [], status: { tag: "Expired", subtag: "Expired_001", subtagMessage: "Expired" }, now: NOW },
      },
    ]);

    const one = await stored(first!.organizationId, first!.id);
    expect(one.row).toMatchObject({
      tag: "InTransit",
      subtag: "InTransit_001",
      tagsReached: ["InTransit"],
      shipmentWeight: 1.25,
      shipmentWeightUnit: "kg",
      shipmentPackageCount: 2,
      trackedCount: 4,
      lastPolledAt: NOW,
      lastUpdatedAt: NOW,
      pickedUpAt: new Date("2030-03-01T08:00:00Z"),
      // Untouched columns of every kind keep their values.
      title: "Parcel 0",
      emails: ["buyer@example.com"],
      customFields: { gift: "yes" },
      active: true,
    });
    expect(one.timeline.map((checkpoint) => checkpoint.message)).toEqual(["Departed facility"]);
    expect(changes[0]).toMatchObject({ changed: true, tagChanged: true, isFirstTag: true, newCheckpointCount: 1 });
    expect(changes[0]!.record.tracking).toEqual(one.row);

    const two = await stored(second!.organizationId, second!.id);
    expect(two.row).toMatchObject({ active: false, nextPollAt: null, tag: "Pending", title: "Parcel 1", trackedCount: 0 });
    expect(two.row.lastUpdatedAt).toEqual(second!.lastUpdatedAt);
    expect(changes[1]).toMatchObject({ changed: false, tagChanged: false });

    const three = await stored(third!.organizationId, third!.id);
    expect(three.row).toMatchObject({ tag: "Expired", subtag: "Expired_001", tagsReached: ["Expired"], active: true });
  });

  it("rewrites one timeline whose late scan lands mid-way while appending to the others", async () => {
    const [late, onTime] = await newTrackings(2);
    await applyTrackingUpdates(database.db, [
      {
        tracking: late!,
        input: {
          checkpoints: [
            scan("2030-03-01T08:00:00", "InTransit", "InTransit_001", "Departed facility"),
            scan("2030-03-03T08:00:00", "OutForDelivery", "OutForDelivery_001", "Out for delivery"),
          ],
          now: NOW,
        },
      },
    ]);
    const before = await stored(late!.organizationId, late!.id);

    const changes = await applyTrackingUpdates(database.db, [
      {
        tracking: before.row,
        input: {
          checkpoints: [
            scan("2030-03-02T08:00:00", "InTransit", "InTransit_002", "Arrived at hub"),
            // Already stored: not repeated.
            scan("2030-03-01T08:00:00", "InTransit", "InTransit_001", "Departed facility"),
          ],
          now: NOW,
        },
      },
      { tracking: onTime!, input: { checkpoints: [scan("2030-03-02T09:00:00", "InfoReceived", "InfoReceived_001", "Label created")], now: NOW } },
    ]);

    const after = await stored(late!.organizationId, late!.id);
    expect(after.timeline.map((checkpoint) => [checkpoint.position, checkpoint.message])).toEqual([
      [0, "Departed facility"],
      [1, "Arrived at hub"],
      [2, "Out for delivery"],
    ]);
    // The latest scan still says where the parcel is.
    expect(after.row.tag).toBe("OutForDelivery");
    expect(changes[0]).toMatchObject({ newCheckpointCount: 1, tagChanged: false });
    const other = await stored(onTime!.organizationId, onTime!.id);
    expect(other.timeline.map((checkpoint) => checkpoint.message)).toEqual(["Label created"]);
    expect(other.row.tag).toBe("InfoReceived");
  });

  it("stores a checkpoint once by its hash: a carrier resending a scan with other spacing or capitals adds nothing", async () => {
    const [tracking] = await newTrackings(1);
    const first = scan("2030-03-01T08:00:00", "InTransit", "InTransit_001", "Departed facility");
    await applyTrackingUpdates(database.db, [{ tracking: tracking!, input: { checkpoints: [first], now: NOW } }]);
    const before = await stored(tracking!.organizationId, tracking!.id);
    const resent = { ...first, message: "DEPARTED  facility ", location: "leeds", occurredAt: "2030-03-01T09:00:00+01:00" };
    const [change] = await applyTrackingUpdates(database.db, [{ tracking: before.row, input: { checkpoints: [resent], now: NOW } }]);
    expect(change).toMatchObject({ newCheckpointCount: 0 });
    const after = await stored(tracking!.organizationId, tracking!.id);
    expect(after.timeline).toHaveLength(1);
    expect(after.timeline[0]!.dedupeKey).toMatch(/^[0-9a-f]{64}$/);
  });
});
