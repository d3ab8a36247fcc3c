import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { sampleTrackingRecord } from "@/lib/webhooks/sample-tracking";

/** The instant golden outputs are made at: serializers derive some fields from "now". */
export const GOLDEN_NOW = new Date("2026-03-10T12:00:00Z");

/** A tracking with what a bare create and two scans give. */
export function plainRecord(): TrackingRecord {
  return sampleTrackingRecord("org_golden", GOLDEN_NOW);
}

/** The same tracking with every field a version can show filled in, a 2026-07 sub-status among them. */
export function fullRecord(): TrackingRecord {
  const record = plainRecord();
  Object.assign(record.tracking, {
    tag: "Delivered",
    subtag: "Delivered_005",
    subtagMessage: "Delivered to neighbor",
    active: false,
    needsAttention: false,
    firstEstimate: null,
    estimateRevisions: 0,
    customFields: { gift: "yes" },
    orderTags: ["vip"],
    shipmentTags: ["fragile"],
    orderPromisedDeliveryDateMin: "2026-03-11T09:00:00",
    orderPromisedDeliveryDateMax: "2026-03-12T18:00:00",
    customers: [{ id: "cust-42", role: "buyer", name: "Ana Example", phone_number: "+34600000000", email: "ana@example.com", language: "es" }],
    emails: ["ana@example.com"],
    smses: ["+34600000000"],
    shipmentDimensions: { unit: "cm", length: 30, width: 20, height: 10 },
    shipmentDirection: "forward",
    proofOfDelivery: [{ type: "signature", url: "https://pod.example.com/1.png" }],
    multiPieceInfo: { type: "master", pieces: [{ tracking_id: null, tracking_number: "WAYBILLTEST0002", type: "child", trackable: true }] },
    returnShipment: { id: "11111111111111111111111111111111", tracking_number: "RETURN0001", slug: "testing-courier" },
    waybillEstimate: {
      estimated_delivery_date: "2026-03-11",
      estimated_delivery_date_min: "2026-03-11",
      estimated_delivery_date_max: "2026-03-12",
      confidence_score: 0.8,
      confidence_code: 10001,
    },
    deliveredAt: new Date("2026-03-10T10:00:00Z"),
    shipmentDeliveryDate: "2026-03-10T11:00:00",
  });
  const last = record.checkpoints[record.checkpoints.length - 1]!;
  record.checkpoints.push({
    ...last,
    id: "00000000000000000000000000000009",
    position: 2,
    checkpointTime: "2026-03-10T11:00:00",
    occurredAt: new Date("2026-03-10T10:00:00Z"),
    message: "Delivered to your neighbour",
    location: "Paris, 75001, France",
    zip: "75001",
    coordinates: [48.86, 2.35],
    tag: "Delivered",
    subtag: "Delivered_005",
    subtagMessage: "Delivered to neighbor",
    rawTag: "DN",
    dedupeKey: "5f0c0a1b2c3d4e5f60718293a4b5c6d7e8f90123456789abcdef0123456789ab",
  });
  return record;
}
