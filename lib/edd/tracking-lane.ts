import type { Tracking } from "@/db/schema";
import { type LaneShipment } from "./lane-keys";

/** The tracking columns a lane is read from. */
export type TrackingLaneColumns = Pick<
  Tracking,
  | "slug"
  | "serviceType"
  | "originCountryIso3"
  | "originState"
  | "originPostalCode"
  | "trackingOriginCountry"
  | "destinationCountryIso3"
  | "destinationState"
  | "destinationPostalCode"
  | "trackingDestinationCountry"
  | "trackingState"
  | "trackingPostalCode"
>;

/**
 * A tracking's lane, the same way for training and for estimating: the address columns, else the
 * courier's additional fields that name the same places. An unknown country is "", which leaves only
 * the courier-wide lanes to match.
 */
export function trackingLane(tracking: TrackingLaneColumns): LaneShipment {
  return {
    slug: tracking.slug,
    serviceType: tracking.serviceType,
    origin: {
      country: tracking.originCountryIso3 ?? tracking.trackingOriginCountry ?? "",
      state: tracking.originState,
      postalCode: tracking.originPostalCode,
    },
    destination: {
      country: tracking.destinationCountryIso3 ?? tracking.trackingDestinationCountry ?? "",
      state: tracking.destinationState ?? tracking.trackingState,
      postalCode: tracking.destinationPostalCode ?? tracking.trackingPostalCode,
    },
  };
}

/** "YYYY-MM-DD HH:mm:ss" of a carrier's local time ("2024-03-01T14:05:00", "2024-03-01", "20240301"); null otherwise. */
export function localDateTime(value: string | null | undefined): string | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value?.trim() ?? "");
  if (!match) return null;
  const [, year, month, day, hours = "00", minutes = "00", seconds = "00"] = match;
  return `${year}-${month}-${day} ${hours}:${minutes}:${seconds}`;
}

/** An instant as "YYYY-MM-DD HH:mm:ss" in UTC: the local time when the place's offset is unknown. */
export function utcDateTime(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace("T", " ");
}
