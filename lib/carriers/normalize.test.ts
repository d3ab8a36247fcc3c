import { describe, expect, it } from "vitest";
import { type CheckpointDraft, dedupeCheckpoints, deriveShipmentFacts, finalizeCheckpoints, sortCheckpoints } from "@/lib/carriers/normalize";

const draft = (overrides: Partial<CheckpointDraft>): CheckpointDraft => ({
  checkpointTime: "2025-03-01T10:00:00",
  occurredAt: null,
  message: "Scan",
  status: ["InTransit", "InTransit_001"],
  rawTag: null,
  ...overrides,
});

describe("normalisation", () => {
  it("orders oldest first by instant, keeping the given order for equal times", () => {
    const sorted = sortCheckpoints([
      { checkpointTime: "2025-03-03T09:30:00", occurredAt: "2025-03-03T09:30:00+01:00", id: "b" },
      { checkpointTime: "2025-03-03T06:45:00", occurredAt: "2025-03-03T06:45:00-05:00", id: "c" },
      { checkpointTime: "2025-03-01T00:00:00", occurredAt: null, id: "a" },
      { checkpointTime: "2025-03-01T00:00:00", occurredAt: null, id: "a2" },
    ]);
    expect(sorted.map((checkpoint) => checkpoint.id)).toEqual(["a", "a2", "b", "c"]);
  });

  it("drops repeats with the same checkpoint hash (local time, message, place, carrier code), and keeps the rest", () => {
    const base = {
      checkpointTime: "2025-03-01T10:00:00",
      occurredAt: "2025-03-01T10:00:00+01:00",
      message: "Arrived",
      location: "Bonn",
      city: null,
      rawTag: "AR",
    };
    const deduped = dedupeCheckpoints([
      base,
      { ...base },
      // Spacing and capitals are not a new event; the instant's offset is not part of the identity.
      { ...base, message: " ARRIVED\t", occurredAt: "2025-03-01T09:00:00Z" },
      { ...base, location: "Köln" },
      { ...base, checkpointTime: "2025-03-01T10:01:00" },
      { ...base, rawTag: "AF" },
      // Another leg's courier reporting the same words is another event.
      { ...base, slug: "usps" },
    ]);
    expect(deduped).toHaveLength(5);
  });

  it("turns newest-first drafts into oldest-first checkpoints with messages, places and countries", () => {
    const checkpoints = finalizeCheckpoints([
      draft({ checkpointTime: "2025-03-02T08:00:00", message: "Delivered", status: ["Delivered", "Delivered_001"], city: "Bonn", zip: "53113", country: "DE" }),
      draft({ checkpointTime: "2025-03-01T08:00:00", message: " Picked up ", status: ["InTransit", "InTransit_002"], country: "DEU" }),
    ]);
    expect(checkpoints).toEqual([
      expect.objectContaining({ message: "Picked up", location: "Germany", countryIso3: "DEU", countryName: "Germany", city: null }),
      expect.objectContaining({
        message: "Delivered",
        location: "Bonn, 53113, Germany",
        tag: "Delivered",
        subtag: "Delivered_001",
        subtagMessage: "Delivered",
        coordinates: [],
      }),
    ]);
  });

  it("gives informational events the previous status, and the first one in-transit", () => {
    const checkpoints = finalizeCheckpoints([
      draft({ checkpointTime: "2025-03-03T00:00:00", status: null }),
      draft({ checkpointTime: "2025-03-02T00:00:00", status: ["OutForDelivery", "OutForDelivery_001"] }),
      draft({ checkpointTime: "2025-03-01T00:00:00", status: null }),
    ]);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual(["InTransit_001", "OutForDelivery_001", "OutForDelivery_001"]);
  });

  it("keeps unknown country names as the place text without a code", () => {
    const [checkpoint] = finalizeCheckpoints([draft({ city: "Lyon", country: "Atlantis" })]);
    expect(checkpoint).toMatchObject({ location: "Lyon, Atlantis", countryIso3: null, countryName: null });
  });

  it("derives delivery and pickup dates from the checkpoints unless the carrier reported them", () => {
    const checkpoints = finalizeCheckpoints([
      draft({ checkpointTime: "2025-03-03T12:00:00", occurredAt: "2025-03-03T12:00:00-05:00", status: ["Delivered", "Delivered_003"], country: "US" }),
      draft({ checkpointTime: "2025-03-02T12:00:00", occurredAt: "2025-03-02T12:00:00-05:00", status: ["InTransit", "InTransit_002"] }),
      draft({ checkpointTime: "2025-03-01T12:00:00", status: ["InfoReceived", "InfoReceived_001"] }),
    ]);
    expect(deriveShipmentFacts(checkpoints, { signedBy: "A. B." })).toEqual({
      signedBy: "A. B.",
      shipmentDeliveryDate: "2025-03-03T12:00:00-05:00",
      shipmentPickupDate: "2025-03-02T12:00:00-05:00",
      courierDestinationCountryIso3: "USA",
    });
    expect(deriveShipmentFacts(checkpoints, { shipmentDeliveryDate: "2025-03-04", destinationCountryIso3: "CAN" })).toMatchObject({
      signedBy: null,
      shipmentDeliveryDate: "2025-03-04",
      courierDestinationCountryIso3: "CAN",
    });
    expect(deriveShipmentFacts([], {})).toEqual({
      signedBy: null,
      shipmentDeliveryDate: null,
      shipmentPickupDate: null,
      courierDestinationCountryIso3: null,
    });
  });
});
