import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { estimatedDate, eventTimeFromIso } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { postnordEventStatus } from "./status-map";

/** `{value, unit}`; the value comes as a string or a number. */
const measure = z.object({ value: z.union([z.string(), z.number()]).nullish(), unit: z.string().nullish() });
const party = z.object({ address: z.object({ countryCode: z.string().nullish() }).nullish() });

const event = z.object({
  eventCode: z.string().nullish(),
  eventTime: z.string().nullish(),
  eventDescription: z.string().nullish(),
  status: z.string().nullish(),
  location: z
    .object({
      displayName: z.string().nullish(),
      name: z.string().nullish(),
      city: z.string().nullish(),
      postcode: z.string().nullish(),
      countryCode: z.string().nullish(),
    })
    .nullish(),
});

const item = z.object({
  itemId: z.string().nullish(),
  acceptor: z.object({ name: z.string().nullish() }).nullish(),
  statedMeasurement: z.object({ weight: measure.nullish() }).nullish(),
  events: z.array(event).nullish(),
});

const shipment = z.object({
  shipmentId: z.string().nullish(),
  assessedNumberOfItems: z.number().nullish(),
  estimatedTimeOfArrival: z.string().nullish(),
  service: z.object({ name: z.string().nullish() }).nullish(),
  statusText: z.object({ estimatedTimeOfArrival: z.string().nullish() }).nullish(),
  consignor: party.nullish(),
  consignee: party.nullish(),
  totalWeight: measure.nullish(),
  items: z.array(item).nullish(),
});

const fault = z.object({ faultCode: z.string().nullish(), explanationText: z.string().nullish() });

export const postnordAnswer = z.object({
  TrackingInformationResponse: z.object({
    shipments: z.array(shipment).nullish(),
    compositeFault: z.object({ faults: z.array(fault).nullish() }).nullish(),
  }),
});
export type PostnordAnswer = z.infer<typeof postnordAnswer>;
type PostnordShipment = z.infer<typeof shipment>;

/** Kilograms or grams, as PostNord states them; null for anything else. */
function weightOf(weight: z.infer<typeof measure> | null | undefined): Pick<ShipmentFacts, "shipmentWeight" | "shipmentWeightUnit"> {
  const value = Number(weight?.value);
  const unit = weight?.unit?.toLowerCase();
  if (!Number.isFinite(value) || value <= 0 || (unit !== "kg" && unit !== "g")) return {};
  return { shipmentWeight: value, shipmentWeightUnit: unit };
}

/** A number's answer (HTTP 200): PostNord answers an unknown number with no shipment, sometimes with a fault. */
export function parsePostnordResponse(body: unknown, trackingNumber: string): TrackResult {
  const parsed = postnordAnswer.safeParse(body);
  if (!parsed.success) throw new CarrierError("unavailable", `PostNord sent an unreadable answer: ${parsed.error.message}`);
  const response = parsed.data.TrackingInformationResponse;
  const found = response.shipments?.[0];
  if (!found) {
    const first = response.compositeFault?.faults?.[0];
    return { kind: "not_found", message: first?.explanationText ?? first?.faultCode ?? "PostNord has no shipment for this number" };
  }
  return parseShipment(found, trackingNumber);
}

function parseShipment(found: PostnordShipment, trackingNumber: string): TrackResult {
  const items = found.items ?? [];
  // Tracked by an item id, only that item's events; by a shipment id, every item's (repeats are dropped).
  const tracked = items.find((candidate) => candidate.itemId?.toUpperCase() === trackingNumber.toUpperCase());
  const drafts: CheckpointDraft[] = [];
  for (const scan of (tracked ? [tracked] : items).flatMap((candidate) => candidate.events ?? [])) {
    // Local wall-clock time at the scan's place, without an offset: kept as given (occurredAt null).
    const time = scan.eventTime ? eventTimeFromIso(scan.eventTime) : null;
    if (!time) continue;
    drafts.push({
      ...time,
      message: scan.eventDescription ?? "",
      location: scan.location?.displayName ?? scan.location?.name ?? null,
      city: scan.location?.city ?? null,
      zip: scan.location?.postcode ?? null,
      country: scan.location?.countryCode ?? null,
      status: postnordEventStatus(scan.status, scan.eventDescription),
      rawTag: scan.eventCode ?? scan.status ?? null,
    });
  }
  const checkpoints = finalizeCheckpoints(drafts);
  const first = tracked ?? items[0];
  const reported: ShipmentFacts = {
    signedBy: (tracked ?? items.find((candidate) => candidate.acceptor?.name))?.acceptor?.name?.trim() || null,
    expectedDelivery: estimatedDate(found.estimatedTimeOfArrival ?? found.statusText?.estimatedTimeOfArrival),
    shipmentType: found.service?.name ?? null,
    serviceType: found.service?.name ?? null,
    shipmentPackageCount: found.assessedNumberOfItems ?? (items.length || null),
    ...weightOf(tracked ? tracked.statedMeasurement?.weight : (found.totalWeight ?? first?.statedMeasurement?.weight)),
    originCountryIso3: countryIso3(found.consignor?.address?.countryCode),
    destinationCountryIso3: countryIso3(found.consignee?.address?.countryCode),
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
