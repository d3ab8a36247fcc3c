import { describe, expect, it } from "vitest";
import type { Checkpoint, Tracking } from "@/db/schema";
import { trackingPredictionRequest } from "./estimate-tracking-delivery";
import { localDateTime } from "@/lib/edd/tracking-lane";

function record(tracking: Partial<Tracking>, checkpoints: Partial<Checkpoint>[] = []) {
  return {
    tracking: { slug: "fedex", trackingNumber: "794612345678", tag: "InTransit", createdAt: new Date("2030-03-01T20:15:00Z"), ...tracking } as Tracking,
    checkpoints: checkpoints as Checkpoint[],
  };
}

const carrierScan = (checkpointTime: string, tag = "InTransit"): Partial<Checkpoint> => ({ checkpointTime, tag, source: "carrier" });

describe("trackingPredictionRequest", () => {
  it("picks up at the first carrier scan, in its local time", () => {
    const request = trackingPredictionRequest(
      record({ pickedUpAt: new Date("2030-03-05T03:00:00Z"), trackingShipDate: "20300301" }, [
        carrierScan("2030-03-02T09:00:00", "InfoReceived"),
        carrierScan("2030-03-04T19:00:00"),
      ]),
    );
    expect(request).toMatchObject({ pickupTime: "2030-03-04 19:00:00", estimatedPickup: null });
  });

  it("else at the ship date the merchant gave, else at an order placed when the tracking was created", () => {
    expect(trackingPredictionRequest(record({ trackingShipDate: "20300304" })).pickupTime).toBe("2030-03-04 00:00:00");
    expect(trackingPredictionRequest(record({ trackingShipDate: "2030-03-04" })).pickupTime).toBe("2030-03-04 00:00:00");
    expect(trackingPredictionRequest(record({}))).toMatchObject({ pickupTime: null, estimatedPickup: { orderTime: "2030-03-01 20:15:00" } });
  });

  it("reads the lane from the address columns, else from the courier's additional fields", () => {
    const request = trackingPredictionRequest(
      record({ serviceType: "FEDEX GROUND", originCountryIso3: "USA", originState: "CA", trackingDestinationCountry: "USA", trackingPostalCode: "10001" }),
    );
    expect(request).toMatchObject({
      slug: "fedex",
      serviceType: "FEDEX GROUND",
      origin: { country: "USA", state: "CA" },
      destination: { country: "USA", postalCode: "10001" },
    });
    expect(trackingPredictionRequest(record({})).origin.country).toBe("");
  });
});

describe("localDateTime", () => {
  it("normalises carrier and merchant date forms, and refuses others", () => {
    expect(localDateTime("2030-03-04T19:05")).toBe("2030-03-04 19:05:00");
    expect(localDateTime("2030-03-04 19:05:06")).toBe("2030-03-04 19:05:06");
    expect(localDateTime("20300304")).toBe("2030-03-04 00:00:00");
    expect(localDateTime("04/03/2030")).toBeNull();
    expect(localDateTime(null)).toBeNull();
  });
});
