import { z } from "zod";
import { calendarDate } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { parseXml } from "@/lib/carriers/xml";
import { canadapostEventTime } from "./event-time";
import { canadapostEventStatus } from "./status-map";

// Empty elements (`<signatory-name/>`) read as "".
const text = z.string().nullish();

const occurrence = z.object({
  "event-identifier": text,
  "event-date": text,
  "event-time": text,
  "event-time-zone": text,
  "event-description": text,
  "signatory-name": text,
  "event-site": text,
  "event-province": text,
  "event-retail-name": text,
});

const trackingDetail = z.object({
  "expected-delivery-date": text,
  "changed-expected-date": text,
  "destination-postal-id": text,
  "service-name": text,
  "signature-image-exists": text,
  "significant-events": z.union([z.object({ occurrence: z.array(occurrence).nullish() }), z.literal("")]).nullish(),
});

type TrackingDetail = z.infer<typeof trackingDetail>;
type Occurrence = z.infer<typeof occurrence>;

const messages = z.object({ message: z.array(z.object({ code: text, description: text })).nullish() });

export interface CanadapostMessage {
  code: string;
  description: string;
}

/** A Get Tracking Details answer: `<tracking-detail>` on success, `<messages>` on failure (any HTTP status). */
export interface CanadapostAnswer {
  detail: unknown;
  messages: CanadapostMessage[];
}

/** Reads the XML of an answer; throws on XML that is not well formed. */
export function readCanadapostAnswer(xml: string): CanadapostAnswer {
  const document = parseXml(xml, { arrays: ["occurrence", "message"] });
  const parsed = messages.safeParse(document.messages);
  const list = parsed.success ? (parsed.data.message ?? []) : [];
  return {
    detail: document["tracking-detail"],
    messages: list.map((message) => ({ code: message.code?.trim() ?? "", description: message.description?.trim() ?? "" })),
  };
}

const CANADIAN_POSTAL_CODE = /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i;

/**
 * Where a scan happened. Domestic scans name the site (a city) and its province; foreign ones come as
 * "ILTLVA,Israel" or "02650,Israel" (an office or postal code, then the country) without a province.
 */
function placeOf(event: Occurrence): Pick<CheckpointDraft, "location" | "city" | "zip" | "state" | "country"> {
  const [first = "", ...rest] = (event["event-site"] ?? "").split(",").map((part) => part.trim());
  const state = event["event-province"]?.trim() || null;
  const isPostalCode = /^\d+$/.test(first);
  const city = first && !isPostalCode ? first : null;
  const retail = event["event-retail-name"]?.trim();
  return {
    city,
    zip: isPostalCode ? first : null,
    state,
    country: state ? "CA" : (rest.at(-1) ?? null),
    // A post office to collect from is worth naming.
    location: retail ? [retail, city, state].filter(Boolean).join(", ") : null,
  };
}

function draftsOf(events: readonly Occurrence[], signed: boolean): CheckpointDraft[] {
  return events.flatMap((event) => {
    const time = canadapostEventTime(event["event-date"], event["event-time"], event["event-time-zone"]);
    if (!time) return [];
    const identifier = event["event-identifier"]?.trim() || null;
    return [{ ...time, ...placeOf(event), message: event["event-description"] ?? "", status: canadapostEventStatus(identifier, signed), rawTag: identifier }];
  });
}

function factsOf(detail: TrackingDetail, signedBy: string | null): ShipmentFacts {
  const postalCode = detail["destination-postal-id"]?.trim() ?? "";
  return {
    signedBy,
    // A changed date is Canada Post's newer estimate.
    expectedDelivery: calendarDate(detail["changed-expected-date"]) ?? calendarDate(detail["expected-delivery-date"]),
    shipmentType: detail["service-name"]?.trim() || null,
    serviceType: detail["service-name"]?.trim() || null,
    destinationCountryIso3: CANADIAN_POSTAL_CODE.test(postalCode) ? "CAN" : null,
  };
}

/** A `<tracking-detail>` (events newest first) as a result; an item without scans yet is not found. */
export function parseCanadapostDetail(detail: unknown): TrackResult {
  const parsed = trackingDetail.safeParse(detail);
  if (!parsed.success) throw new CarrierError("unavailable", `Canada Post sent an unreadable answer: ${parsed.error.message}`);
  const events = (parsed.data["significant-events"] || null)?.occurrence ?? [];
  // The signature comes on its own event ("signature image recorded"), beside the delivery scan.
  const signedBy = events.map((event) => event["signatory-name"]?.trim()).find(Boolean) ?? null;
  const signed = signedBy !== null || parsed.data["signature-image-exists"]?.trim() === "true";
  const checkpoints = finalizeCheckpoints(draftsOf(events, signed));
  if (checkpoints.length === 0) return { kind: "not_found", message: "Canada Post has no scans for this item yet" };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, factsOf(parsed.data, signedBy)) };
}
