import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { estimatedDate, eventTimeFromLocal, splitIsoDateTime } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { uspsEventStatus } from "@/lib/carriers/usps/status-map";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";

const trackingEvent = z.object({
  eventType: z.string().nullish(),
  eventCode: z.string().nullish(),
  eventTimestamp: z.string().nullish(),
  GMTOffset: z.string().nullish(),
  eventCity: z.string().nullish(),
  eventState: z.string().nullish(),
  eventZIP: z.string().nullish(),
  eventCountry: z.string().nullish(),
  name: z.string().nullish(),
});

const uspsTrackingDetails = z.object({
  trackingNumber: z.string().nullish(),
  statusCategory: z.string().nullish(),
  mailClass: z.string().nullish(),
  serviceTypeCode: z.string().nullish(),
  originCountry: z.string().nullish(),
  destinationCountryCode: z.string().nullish(),
  expectedDeliveryTimeStamp: z.string().nullish(),
  predictedDeliveryDate: z.string().nullish(),
  trackingEvents: z.array(trackingEvent).nullish(),
});

/** "Priority Mail<SUP>&reg;</SUP>" → "Priority Mail": USPS puts HTML marks in product names. */
function plainText(value: string | null | undefined): string | null {
  const text = value
    ?.replace(/<SUP>.*?<\/SUP>/gi, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&[#\w]+;/g, "")
    .trim();
  return text || null;
}

/**
 * USPS sends the local time without offset plus `GMTOffset`. The `GMTTimestamp` field is
 * ignored: real answers have it a day off around midnight. Some examples put a `Z` on the
 * local time, so any zone suffix on `eventTimestamp` is dropped too.
 */
function uspsEventTime(scan: z.infer<typeof trackingEvent>) {
  const split = scan.eventTimestamp ? splitIsoDateTime(scan.eventTimestamp) : null;
  return split ? eventTimeFromLocal(split.local, scan.GMTOffset) : null;
}

/** A `GET /tracking/v3/tracking/{number}?expand=DETAIL` answer (HTTP 200). */
export function parseUspsResponse(body: unknown): TrackResult {
  const parsed = uspsTrackingDetails.safeParse(body);
  if (!parsed.success) throw new CarrierError("unavailable", `USPS sent an unreadable answer: ${parsed.error.message}`);
  const details = parsed.data;
  const events = details.trackingEvents ?? [];
  const drafts: CheckpointDraft[] = [];
  let signedBy: string | null = null;
  events.forEach((scan, index) => {
    const time = uspsEventTime(scan);
    if (!time) return;
    const signer = scan.name?.trim() || null;
    const status = uspsEventStatus(scan.eventCode, {
      signed: signer !== null,
      // Events come newest first.
      newest: index === 0,
      statusCategory: details.statusCategory,
    });
    if (status[0] === "Delivered" && signer) signedBy ??= signer;
    drafts.push({
      ...time,
      message: scan.eventType ?? "",
      city: scan.eventCity,
      state: scan.eventState,
      zip: scan.eventZIP,
      // Domestic scans leave the country empty.
      country: scan.eventCountry || (scan.eventState || scan.eventZIP ? "US" : null),
      status,
      rawTag: scan.eventCode ?? null,
    });
  });
  const checkpoints = finalizeCheckpoints(drafts);
  const estimate = details.expectedDeliveryTimeStamp ?? details.predictedDeliveryDate;
  const reported: ShipmentFacts = {
    signedBy,
    expectedDelivery: estimatedDate(estimate),
    shipmentType: plainText(details.mailClass),
    serviceType: details.serviceTypeCode ?? null,
    originCountryIso3: countryIso3(details.originCountry ?? "US"),
    destinationCountryIso3: countryIso3(details.destinationCountryCode ?? "US"),
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
