import { describe, expect, it } from "vitest";
import type { Checkpoint, Tracking } from "@/db/schema";
import { messageVariables } from "@/lib/notifications/templates/template-variables";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { pageShipment, pageShipmentOptions } from "./page-view";

const scan = (position: number, fields: Partial<Checkpoint>): Checkpoint =>
  ({
    id: `c${position}`,
    organizationId: "org",
    trackingId: "t1",
    position,
    slug: "dhl",
    checkpointTime: `2026-03-0${position}T10:00:00`,
    occurredAt: null,
    message: "",
    location: null,
    city: null,
    state: null,
    zip: null,
    countryIso3: null,
    countryName: null,
    coordinates: [],
    tag: "InTransit",
    subtag: "InTransit_001",
    subtagMessage: "In Transit",
    rawTag: null,
    source: "carrier",
    dedupeKey: `k${position}`,
    createdAt: new Date(),
    ...fields,
  }) as Checkpoint;

const record: TrackingRecord = {
  tracking: {
    id: "t1",
    organizationId: "org",
    trackingNumber: "JD0123456789",
    slug: "dhl",
    tag: "InTransit",
    subtag: "InTransit_003",
    subtagMessage: "Arrival scan",
    title: "JD0123456789",
    destinationCountryIso3: "DEU",
    courierDestinationCountryIso3: null,
    originCountryIso3: "CHN",
    expectedDelivery: null,
    waybillEstimate: null,
    orderPromisedDeliveryDate: null,
    orderNumber: "#1001",
    orderId: null,
    customerName: "Ana Lima",
  } as unknown as Tracking,
  checkpoints: [
    scan(1, { message: "Shipment picked up in Shenzhen", city: "Shenzhen", countryIso3: "CHN", rawTag: "PU", subtag: "InTransit_002" }),
    scan(2, { message: "Departed Hong Kong hub", city: "Hong Kong", countryIso3: "HKG", rawTag: "DF", subtag: "InTransit_007" }),
    scan(3, { message: "Arrival Scan", city: "Leipzig", countryIso3: "DEU", rawTag: "AR", subtag: "InTransit_003" }),
    scan(4, { message: "Parcel handed to the local depot", city: null, countryIso3: null, rawTag: null, subtag: "InTransit_001" }),
  ],
};

describe("what shoppers see of a shipment", () => {
  it("hides the courier and every scan before the destination country when the merchant asks, on the page and in messages", () => {
    const masked = pageShipmentOptions({ hideCourier: true, hideOrigin: true });
    const shipment = pageShipment(record, "full", "en", masked);
    expect(shipment.courier).toBeNull();
    expect(shipment.events.map((event) => event.original ?? event.message)).toEqual(["Parcel handed to the local depot", "Arrival Scan"]);
    const shown = JSON.stringify(shipment);
    for (const hidden of ["DHL", "Shenzhen", "Hong Kong", "CHN", "HKG"]) expect(shown).not.toContain(hidden);

    const variables = JSON.stringify(messageVariables(record, "en", "https://track.example/t/x/y", masked.masking));
    for (const hidden of ["DHL", "Shenzhen", "Hong Kong"]) expect(variables).not.toContain(hidden);
    expect(JSON.stringify(messageVariables(record, "en", "https://track.example/t/x/y"))).toContain("DHL");
  });

  it("words a carrier's known phrase in the page's language and keeps the carrier's own beside it", () => {
    const both = pageShipment(record, "full", "de", pageShipmentOptions({}));
    expect(both.events.at(-1)).toMatchObject({ message: "Vom Versanddienst angenommen", original: "Shipment picked up in Shenzhen" });
    // Free text the carrier's codes did not give stays as it came.
    expect(both.events[0]).toMatchObject({ message: "Parcel handed to the local depot", original: null });
    expect(pageShipment(record, "full", "de", pageShipmentOptions({ scanWording: "original" })).events.at(-1)).toMatchObject({
      message: "Shipment picked up in Shenzhen",
      original: null,
    });
    // In English the carrier's words stand alone.
    expect(pageShipment(record, "full", "en", pageShipmentOptions({})).events.every((event) => event.original === null)).toBe(true);
  });
});
