import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { estimatedDate, eventTimeFromIso } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { dhlEventStatus } from "@/lib/carriers/dhl/status-map";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";

const address = z
  .object({
    addressLocality: z.string().nullish(),
    postalCode: z.string().nullish(),
    countryCode: z.string().nullish(),
  })
  .nullish();

const place = z.object({ address }).nullish();

const event = z.object({
  timestamp: z.string(),
  location: place,
  statusCode: z.string().nullish(),
  status: z.string().nullish(),
  description: z.string().nullish(),
});

const person = z.object({ name: z.string().nullish(), givenName: z.string().nullish(), familyName: z.string().nullish() });

const shipment = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  service: z.string().nullish(),
  origin: place,
  destination: place,
  estimatedTimeOfDelivery: z.string().nullish(),
  estimatedDeliveryTimeFrame: z.object({ estimatedThrough: z.string().nullish() }).nullish(),
  details: z
    .object({
      product: z.object({ productName: z.string().nullish() }).nullish(),
      proofOfDelivery: z.object({ timestamp: z.string().nullish(), signed: person.nullish() }).nullish(),
      totalNumberOfPieces: z.number().nullish(),
      weight: z.object({ value: z.number().nullish(), unitText: z.string().nullish() }).nullish(),
    })
    .nullish(),
  events: z.array(event).nullish(),
});

const dhlTrackingResponse = z.object({ shipments: z.array(shipment) });
type DhlShipment = z.infer<typeof shipment>;

const signerName = (signed: z.infer<typeof person> | null | undefined) =>
  signed?.name?.trim() || [signed?.givenName, signed?.familyName].filter(Boolean).join(" ").trim() || null;

/** A `GET /track/shipments` answer for one number; an empty `shipments` list means not found. */
export function parseDhlResponse(body: unknown, trackingNumber: string): TrackResult {
  const parsed = dhlTrackingResponse.safeParse(body);
  if (!parsed.success) throw new CarrierError("unavailable", `DHL sent an unreadable answer: ${parsed.error.message}`);
  // Several DHL divisions may know the number; prefer the shipment that carries it as its id.
  const found = parsed.data.shipments.find((candidate) => candidate.id === trackingNumber) ?? parsed.data.shipments[0];
  if (!found) return { kind: "not_found", message: "No shipment with given tracking number found." };
  return parseDhlShipment(found);
}

function parseDhlShipment(found: DhlShipment): TrackResult {
  const signedBy = signerName(found.details?.proofOfDelivery?.signed);
  const drafts: CheckpointDraft[] = [];
  for (const scan of found.events ?? []) {
    const time = eventTimeFromIso(scan.timestamp);
    if (!time) continue;
    const text = [scan.status, scan.description].filter(Boolean).join(" ");
    drafts.push({
      ...time,
      message: scan.description || scan.status || "",
      city: scan.location?.address?.addressLocality,
      zip: scan.location?.address?.postalCode,
      country: scan.location?.address?.countryCode,
      status: dhlEventStatus(scan.statusCode ?? "unknown", text, signedBy !== null),
      rawTag: scan.statusCode ?? null,
    });
  }
  const checkpoints = finalizeCheckpoints(drafts);
  const details = found.details;
  const estimate = found.estimatedTimeOfDelivery ?? found.estimatedDeliveryTimeFrame?.estimatedThrough;
  const deliveredAt = details?.proofOfDelivery?.timestamp ? eventTimeFromIso(details.proofOfDelivery.timestamp) : null;
  const reported: ShipmentFacts = {
    signedBy,
    expectedDelivery: estimatedDate(estimate),
    shipmentType: details?.product?.productName ?? null,
    serviceType: found.service ?? null,
    shipmentWeight: details?.weight?.value ?? null,
    shipmentWeightUnit: details?.weight?.unitText ?? null,
    shipmentPackageCount: details?.totalNumberOfPieces ?? null,
    shipmentDeliveryDate: deliveredAt ? (deliveredAt.occurredAt ?? deliveredAt.checkpointTime) : null,
    originCountryIso3: countryIso3(found.origin?.address?.countryCode),
    destinationCountryIso3: countryIso3(found.destination?.address?.countryCode),
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
