import { describe, expect, it } from "vitest";
import { createTestingCourierAdapter } from "@/lib/carriers/testing-courier/adapter";
import { parseTestingNumber } from "@/lib/carriers/testing-courier/flow";
import { type TrackRequest, type TrackResult } from "@/lib/carriers/types";

const createdAt = new Date("2024-01-15T12:00:00Z");
const minutes = (count: number) => new Date(createdAt.getTime() + count * 60_000);

async function track(trackingNumber: string, now: Date, created = createdAt): Promise<TrackResult> {
  const request: TrackRequest = { id: "t1", slug: "testing-courier", trackingNumber, additionalFields: {}, createdAt: created };
  const results = await createTestingCourierAdapter().track([request], now);
  return results.get("t1")!;
}

async function checkpoints(trackingNumber: string, now: Date) {
  const result = await track(trackingNumber, now);
  if (result.kind !== "found") throw new Error(`expected found, got ${result.message}`);
  return result.checkpoints;
}

describe("testing courier", () => {
  it("starts at Pending: no checkpoints before the first interval has passed", async () => {
    expect(await checkpoints("ITOD-1-6436426452526", createdAt)).toEqual([]);
    expect(await checkpoints("ITOD-1-6436426452526", new Date(minutes(1).getTime() - 1))).toEqual([]);
  });

  it("plays ITOD one step per interval, oldest first", async () => {
    const number = "ITOD-1-6436426452526";
    expect((await checkpoints(number, minutes(1))).map((c) => c.subtag)).toEqual(["InfoReceived_001"]);
    expect((await checkpoints(number, minutes(2))).map((c) => c.subtag)).toEqual(["InfoReceived_001", "InTransit_001"]);
    const all = await checkpoints(number, minutes(60));
    expect(all.map((c) => c.tag)).toEqual(["InfoReceived", "InTransit", "OutForDelivery", "Delivered"]);
    expect(all.map((c) => c.rawTag)).toEqual(["InfoReceived_001", "InTransit_001", "OutForDelivery_001", "Delivered_001"]);
    expect(all[0]!.message).toBe("Received a request from the shipper and is about to pick up the shipment");
    expect(all[0]!.subtagMessage).toBe("Info Received");
  });

  it("spaces steps by the interval from createdAt", async () => {
    const all = await checkpoints("ITE-5-123456", minutes(15));
    expect(all.map((c) => c.occurredAt)).toEqual(["2024-01-15T05:05:00-07:00", "2024-01-15T05:10:00-07:00", "2024-01-15T05:15:00-07:00"]);
    expect(all.map((c) => c.subtag)).toEqual(["InfoReceived_001", "InTransit_001", "Exception_001"]);
    expect((await checkpoints("ITE-5-123456", minutes(14))).length).toBe(2);
  });

  it("honours explicit subtags, repeated letters included", async () => {
    const all = await checkpoints("I001T001E010E011-1-643642", minutes(4));
    expect(all.map((c) => c.subtag)).toEqual(["InfoReceived_001", "InTransit_001", "Exception_010", "Exception_011"]);
    expect(all[2]!.subtagMessage).toBe("Returning to sender");
    expect(all[3]!.message).toContain("Returned to sender");
    expect(all[3]!.rawTag).toBe("Exception_011");
  });

  it("gives every checkpoint at once with interval 0", async () => {
    const all = await checkpoints("ITD-0-12345678", createdAt);
    expect(all.map((c) => c.tag)).toEqual(["InfoReceived", "InTransit", "Delivered"]);
    expect(new Set(all.map((c) => c.checkpointTime)).size).toBe(1);
  });

  it("stays in the status of a single letter", async () => {
    const all = await checkpoints("I-1-234567654654", minutes(500));
    expect(all.map((c) => c.subtag)).toEqual(["InfoReceived_001"]);
  });

  it("keeps ten steps distinct even when statuses repeat", async () => {
    const all = await checkpoints("ITTTTTTTTD-0-1", createdAt);
    expect(all).toHaveLength(10);
    expect(all.at(-1)!.tag).toBe("Delivered");
  });

  it("uses fake but stable places and local Denver time", async () => {
    const [first] = await checkpoints("ITOD-1-6436426452526", minutes(1));
    expect(first).toMatchObject({
      location: "1000 Testfield St, Lakewood, Colorado, 11111",
      city: "Lakewood",
      state: "Colorado",
      zip: "11111",
      countryIso3: "USA",
      countryName: "United States",
      coordinates: [39.747988, -105.142294],
      checkpointTime: "2024-01-15T05:01:00",
      occurredAt: "2024-01-15T05:01:00-07:00",
    });
    const summer = await track("I-1-1", new Date("2024-07-01T12:30:00Z"), new Date("2024-07-01T12:00:00Z"));
    expect(summer.kind === "found" && summer.checkpoints[0]!.occurredAt).toBe("2024-07-01T06:01:00-06:00");
  });

  it("is deterministic for the same number, createdAt and now", async () => {
    expect(await track("ITAD-2-99", minutes(30))).toEqual(await track("ITAD-2-99", minutes(30)));
  });

  it("derives shipment facts: delivery date and the expected delivery of a flow ending in D", async () => {
    const result = await track("ITOD-1-1", minutes(10));
    expect(result.kind === "found" && result.shipment).toMatchObject({
      shipmentDeliveryDate: "2024-01-15T05:04:00-07:00",
      shipmentPickupDate: "2024-01-15T05:02:00-07:00",
      expectedDelivery: "2024-01-15",
    });
  });

  it("answers not_found for numbers outside the grammar", async () => {
    for (const number of ["XYZ-1-123", "ITOD-21-123", "ITOD-1-", "ITOD-1-12a", "ITOD1123", "IIIIIIIIIII-1-1", "E099-1-1", "O002-1-1", "E01-1-1"]) {
      expect((await track(number, minutes(5))).kind, number).toBe("not_found");
    }
  });

  it("reads lower-case numbers like upper-case ones", () => {
    expect(parseTestingNumber("itod-1-1")).toEqual(parseTestingNumber("ITOD-1-1"));
    expect(parseTestingNumber("F002A-20-1")).toEqual({
      steps: [
        { tag: "AttemptFail", subtag: "AttemptFail_002" },
        { tag: "AvailableForPickup", subtag: "AvailableForPickup_001" },
      ],
      intervalMinutes: 20,
    });
  });

  it("tracks many numbers in one call, keyed by tracking id", async () => {
    const adapter = createTestingCourierAdapter();
    const requests: TrackRequest[] = ["ITOD-1-1", "bad"].map((trackingNumber, index) => ({
      id: `id-${index}`,
      slug: "testing-courier",
      trackingNumber,
      additionalFields: {},
      createdAt,
    }));
    const results = await adapter.track(requests, minutes(3));
    expect(results.get("id-0")!.kind).toBe("found");
    expect(results.get("id-1")!.kind).toBe("not_found");
  });
});
