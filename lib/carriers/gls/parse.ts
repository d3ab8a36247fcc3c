import { z } from "zod";
import { eventTimeFromIso } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { glsEventStatus } from "./status-map";

const event = z.object({
  code: z.string().nullish(),
  city: z.string().nullish(),
  postalCode: z.string().nullish(),
  country: z.string().nullish(),
  description: z.string().nullish(),
  eventDateTime: z.string().nullish(),
});

/** One item of `parcels[]`: a parcel with its events (newest first), or `errorCode` for the requested number. */
export const glsParcel = z.object({
  requested: z.string().nullish(),
  unitno: z.string().nullish(),
  status: z.string().nullish(),
  statusDateTime: z.string().nullish(),
  events: z.array(event).nullish(),
  errorCode: z.string().nullish(),
  errorMessage: z.string().nullish(),
});
export type GlsParcel = z.infer<typeof glsParcel>;

/** `GET /track-and-trace-v1/tracking/simple/trackids/{ids}` (HTTP 200). */
export const glsAnswer = z.object({ parcels: z.array(glsParcel).nullish() });

/**
 * Checkpoints from `events[]`; times come with their offset, without a colon ("+0200"), in the
 * zone of the scan. Without events, the parcel's status at `statusDateTime` stands in.
 */
function draftsOf(parcel: GlsParcel): CheckpointDraft[] {
  const events = parcel.events ?? [];
  const drafts: CheckpointDraft[] = [];
  events.forEach((scan, index) => {
    const time = scan.eventDateTime ? eventTimeFromIso(scan.eventDateTime) : null;
    if (!time) return;
    drafts.push({
      ...time,
      message: scan.description ?? "",
      city: scan.city,
      zip: scan.postalCode,
      country: scan.country,
      status: glsEventStatus(scan.code, { newest: index === 0, parcelStatus: parcel.status }),
      rawTag: scan.code ?? null,
    });
  });
  const statusTime = parcel.statusDateTime ? eventTimeFromIso(parcel.statusDateTime) : null;
  const status = glsEventStatus(null, { newest: true, parcelStatus: parcel.status });
  if (drafts.length === 0 && statusTime && status) drafts.push({ ...statusTime, message: parcel.status ?? "", status, rawTag: parcel.status ?? null });
  return drafts;
}

/** A parcel without `errorCode`. */
export function parseGlsParcel(parcel: GlsParcel): TrackResult {
  const checkpoints = finalizeCheckpoints(draftsOf(parcel));
  if (checkpoints.length === 0) throw new CarrierError("unavailable", `GLS answered for ${parcel.requested ?? "a parcel"} without any readable event`);
  const reported: ShipmentFacts = {
    // GLS names no origin; its first event (the pre-advice) is recorded in the sender's country.
    originCountryIso3: checkpoints[0]!.countryIso3,
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
