import { z } from "zod";
import { countryIso3 } from "@/lib/countries";
import { estimatedDate, eventTimeFromIso, type EventTime } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { slugForProviderCode } from "@/lib/couriers/providers/provider-codes";
import { track17Status } from "./status-map";

const text = z.string().nullish();
const code = z.union([z.number(), z.string()]).nullish();

const address = z
  .object({
    country: text,
    state: text,
    city: text,
    street: text,
    postal_code: text,
    coordinates: z.object({ longitude: z.union([z.number(), z.string()]).nullish(), latitude: z.union([z.number(), z.string()]).nullish() }).nullish(),
  })
  .nullish();

const event = z.object({
  time_iso: text,
  time_utc: text,
  time_raw: z.object({ date: text, time: text, timezone: text }).nullish(),
  description: text,
  location: text,
  stage: text,
  sub_status: text,
  address,
});

const provider = z.object({
  provider: z.object({ key: code, name: text }).nullish(),
  service_type: text,
  events: z.array(event).nullish(),
});

export const track17TrackInfo = z.object({
  shipping_info: z.object({ shipper_address: address, recipient_address: address }).nullish(),
  latest_status: z.object({ status: text, sub_status: text }).nullish(),
  time_metrics: z.object({ estimated_delivery_date: z.object({ from: text, to: text }).nullish() }).nullish(),
  misc_info: z
    .object({
      service_type: text,
      weight_kg: z.union([z.number(), z.string()]).nullish(),
      pieces: z.union([z.number(), z.string()]).nullish(),
      local_number: text,
      local_key: code,
      local_provider: text,
    })
    .nullish(),
  tracking: z.object({ providers: z.array(provider).nullish() }).nullish(),
});
export type Track17TrackInfo = z.infer<typeof track17TrackInfo>;

/** An event's time: its local clock reading (time_iso without the offset), the instant with it; time_utc when that is all there is. */
function eventTime(scan: z.infer<typeof event>): EventTime | null {
  if (scan.time_iso) {
    const parsed = eventTimeFromIso(scan.time_iso);
    if (parsed) return parsed;
  }
  if (scan.time_raw?.date) {
    const local = eventTimeFromIso(`${scan.time_raw.date}${scan.time_raw.time ? `T${scan.time_raw.time}` : ""}`);
    if (local) return { checkpointTime: local.checkpointTime, occurredAt: scan.time_utc ? (eventTimeFromIso(scan.time_utc)?.occurredAt ?? null) : null };
  }
  // Only UTC: its clock reading stands in for the local one, and the instant is exact.
  return scan.time_utc ? eventTimeFromIso(scan.time_utc) : null;
}

const number = (value: number | string | null | undefined) => {
  const parsed = typeof value === "string" ? Number(value) : value;
  return typeof parsed === "number" && Number.isFinite(parsed) ? parsed : null;
};

/**
 * 17TRACK's `track_info` for a number registered under `carrierCode`: one checkpoint per event of
 * every carrier that handled it; a leg of another carrier (a hand-over) names its own courier.
 */
export function parseTrack17Info(raw: unknown, carrierCode: string | null): TrackResult {
  const parsed = track17TrackInfo.safeParse(raw);
  if (!parsed.success) throw new CarrierError("unavailable", `17TRACK sent an unreadable track_info: ${parsed.error.message}`);
  const info = parsed.data;
  const drafts: CheckpointDraft[] = [];
  for (const leg of info.tracking?.providers ?? []) {
    const key = leg.provider?.key == null ? null : String(leg.provider.key);
    const legSlug = key && key !== carrierCode ? slugForProviderCode("track17", key) : undefined;
    for (const scan of leg.events ?? []) {
      const time = eventTime(scan);
      if (!time) continue;
      const place = scan.address;
      const latitude = number(place?.coordinates?.latitude);
      const longitude = number(place?.coordinates?.longitude);
      drafts.push({
        ...time,
        message: scan.description ?? "",
        location: scan.location,
        city: place?.city,
        state: place?.state,
        zip: place?.postal_code,
        country: place?.country,
        coordinates: latitude !== null && longitude !== null ? [latitude, longitude] : [],
        status: track17Status(scan.sub_status, scan.stage),
        rawTag: scan.sub_status ?? scan.stage ?? null,
        ...(legSlug ? { slug: legSlug } : {}),
      });
    }
  }
  if (drafts.length === 0) return { kind: "not_found", message: "17TRACK has no events for this number yet." };
  const checkpoints = finalizeCheckpoints(drafts);
  const misc = info.misc_info;
  const localKey = misc?.local_key == null ? null : String(misc.local_key);
  const reported: ShipmentFacts = {
    expectedDelivery: estimatedDate(info.time_metrics?.estimated_delivery_date?.to ?? info.time_metrics?.estimated_delivery_date?.from),
    serviceType: misc?.service_type ?? null,
    shipmentWeight: number(misc?.weight_kg),
    shipmentWeightUnit: number(misc?.weight_kg) === null ? null : "kg",
    shipmentPackageCount: number(misc?.pieces),
    originCountryIso3: countryIso3(info.shipping_info?.shipper_address?.country),
    destinationCountryIso3: countryIso3(info.shipping_info?.recipient_address?.country),
    lastMile:
      misc?.local_number && localKey !== carrierCode
        ? { trackingNumber: misc.local_number, slug: localKey ? (slugForProviderCode("track17", localKey) ?? null) : null }
        : null,
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
