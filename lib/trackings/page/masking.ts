import type { Checkpoint, TrackingPageSettings } from "@/db/schema";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";

/** What a drop-shipping merchant keeps from shoppers (Settings → Tracking page). */
export interface PageMasking {
  hideCourier: boolean;
  hideOrigin: boolean;
}

export const maskingOf = (settings: TrackingPageSettings): PageMasking => ({
  hideCourier: settings.hideCourier === true,
  hideOrigin: settings.hideOrigin === true,
});

export const NO_MASKING: PageMasking = { hideCourier: false, hideOrigin: false };

/**
 * The scans a shopper may see, oldest first. With the origin hidden, none before the first scan in
 * the destination country; while the destination is unknown, none that names a country.
 */
export function visibleCheckpoints(record: TrackingRecord, masking: PageMasking): Checkpoint[] {
  if (!masking.hideOrigin) return record.checkpoints;
  const destination = record.tracking.destinationCountryIso3 ?? record.tracking.courierDestinationCountryIso3;
  if (!destination) return record.checkpoints.filter((checkpoint) => !checkpoint.countryIso3 && !checkpoint.countryName);
  const arrived = record.checkpoints.findIndex((checkpoint) => checkpoint.countryIso3 === destination);
  return arrived < 0 ? [] : record.checkpoints.slice(arrived).filter((checkpoint) => !checkpoint.countryIso3 || checkpoint.countryIso3 === destination);
}
