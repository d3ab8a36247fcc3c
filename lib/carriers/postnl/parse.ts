import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { estimatedDate, type EventTime, eventTimeFromIso } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { postnlEventStatus, postnlStatus } from "./status-map";

/** PostNL's JSON is converted from XML: an empty field arrives as `{}` (or the string "{}"); numbers are read as text. */
const text = z.preprocess((value) => {
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed && trimmed !== "{}" ? trimmed : null;
}, z.string().nullable());

/** The same XML artefact: a list of one element may arrive as the element itself. */
const list = <T extends z.ZodTypeAny>(item: T) => z.preprocess((value) => (value == null ? [] : Array.isArray(value) ? value : [value]), z.array(item));

const status = z.object({ TimeStamp: text, StatusCode: text, StatusDescription: text });

const event = z.object({ Code: text, Description: text, TimeStamp: text });

const address = z.object({ AddressType: text, CountryCode: text });

const shipment = z.object({
  Barcode: text,
  ShipmentAmount: text,
  ProductCode: text,
  ProductDescription: text,
  DeliveryDate: text,
  Dimension: z.object({ Weight: text }).nullish(),
  Expectation: z.object({ ETAFrom: text, ETATo: text }).nullish(),
  Address: list(address),
  Event: list(event),
  Status: status.nullish(),
  OldStatus: list(status),
});

const shipments = z.object({ Shipment: list(shipment) }).nullish();

/** `GET /shipment/v2/status/barcode/{barcode}`: the shipment under `CompleteStatus` (detail=true) or `CurrentStatus`, or only `Warnings`. */
export const postnlAnswer = z.object({
  CompleteStatus: shipments,
  CurrentStatus: shipments,
  Warnings: list(z.object({ Code: text, Message: text, Description: text })),
});

export type PostnlShipment = z.infer<typeof shipment>;

/** 01 is the receiver, 02 the sender. */
const RECEIVER = "01";
const SENDER = "02";

/**
 * "04-03-2026 21:47:05" (day first, Dutch wall-clock time without offset) → local time, no
 * instant: PostNL never says the offset. An ISO stamp (as `updatedshipments` sends) is read as given.
 */
export function postnlEventTime(value: string): EventTime | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(value.trim());
  return eventTimeFromIso(match ? `${match[3]}-${match[2]}-${match[1]}T${match[4]}` : value);
}

/**
 * `Expectation.ETAFrom/ETATo`: "03/12/2026 16:30:00". PostNL's own examples put the month first
 * here (11/07/2022 for 7 November, beside "07-11-2022" event stamps); day first only when the month cannot be.
 */
export function postnlEstimate(value: string | null): string | null {
  const match = value ? /^(\d{2})\/(\d{2})\/(\d{4})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(value.trim()) : null;
  if (!match) return estimatedDate(value);
  const [, first, second, year, time] = match;
  return estimatedDate(`${year}-${first}-${second}T${time}`) ?? estimatedDate(`${year}-${second}-${first}T${time}`);
}

/** Entities the XML conversion leaves in descriptions ("Parcels, domestic &lt;= 10 kg"). */
function decodeEntities(value: string | null): string | null {
  return (
    value
      ?.replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&") ?? null
  );
}

/** The shipment answered for `barcode` (a multi-collo answer may list several), or null when PostNL sent none. */
export function postnlShipmentFor(answer: z.infer<typeof postnlAnswer>, barcode: string): PostnlShipment | null {
  const all = [...(answer.CompleteStatus?.Shipment ?? []), ...(answer.CurrentStatus?.Shipment ?? [])];
  const wanted = barcode.toUpperCase();
  return all.find((candidate) => candidate.Barcode?.toUpperCase() === wanted) ?? all[0] ?? null;
}

/**
 * Checkpoints from `Event[]` (newest first), each with its code's status or the status PostNL
 * recorded at the same moment; without events (detail=false), the statuses themselves.
 */
function draftsOf(found: PostnlShipment): CheckpointDraft[] {
  const statuses = [...(found.Status ? [found.Status] : []), ...found.OldStatus];
  const statusAt = new Map(statuses.filter((entry) => entry.TimeStamp && postnlStatus(entry.StatusCode)).map((entry) => [entry.TimeStamp, entry.StatusCode]));
  const drafts: CheckpointDraft[] = [];
  found.Event.forEach((scan, index) => {
    const stamp = scan.TimeStamp;
    const time = stamp ? postnlEventTime(stamp) : null;
    if (!stamp || !time) return;
    // The newest event falls back on the current status when neither its code nor its moment says anything.
    const statusCodeThen = statusAt.get(stamp) ?? (index === 0 ? found.Status?.StatusCode : null);
    drafts.push({ ...time, message: scan.Description ?? "", status: postnlEventStatus(scan.Code, statusCodeThen), rawTag: scan.Code });
  });
  if (drafts.length > 0) return drafts;
  for (const entry of statuses) {
    const time = entry.TimeStamp ? postnlEventTime(entry.TimeStamp) : null;
    const mapped = postnlStatus(entry.StatusCode);
    if (time && mapped) drafts.push({ ...time, message: entry.StatusDescription ?? "", status: mapped, rawTag: entry.StatusCode });
  }
  return drafts;
}

/** A barcode's answer with a shipment in it (HTTP 200). */
export function parsePostnlShipment(found: PostnlShipment): TrackResult {
  const checkpoints = finalizeCheckpoints(draftsOf(found));
  if (checkpoints.length === 0) throw new CarrierError("unavailable", "PostNL answered without any readable event or status");
  const countryOf = (type: string) => countryIso3(found.Address.find((entry) => entry.AddressType === type)?.CountryCode);
  const grams = Number(found.Dimension?.Weight);
  const pieces = Number(found.ShipmentAmount);
  const delivered = checkpoints.some((checkpoint) => checkpoint.tag === "Delivered");
  const reported: ShipmentFacts = {
    // The end of PostNL's delivery window; its planned delivery date only while the parcel is still on its way.
    expectedDelivery: postnlEstimate(found.Expectation?.ETATo ?? found.Expectation?.ETAFrom ?? null) ?? (delivered ? null : estimatedDate(found.DeliveryDate)),
    shipmentType: decodeEntities(found.ProductDescription),
    serviceType: found.ProductCode,
    shipmentWeight: Number.isFinite(grams) && grams > 0 ? grams / 1000 : null,
    shipmentWeightUnit: Number.isFinite(grams) && grams > 0 ? "kg" : null,
    shipmentPackageCount: Number.isInteger(pieces) && pieces > 0 ? pieces : null,
    originCountryIso3: countryOf(SENDER),
    destinationCountryIso3: countryOf(RECEIVER),
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
