import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/**
 * Delhivery's package lifecycle: `ScanType` (UD forward, DL delivered, RT return to origin, PP/PU
 * reverse pickup, CN cancelled, LT lost) with the `Scan` status it allows, as "TYPE|STATUS".
 */
export const DELHIVERY_LIFECYCLE: Record<string, TagSubtag> = {
  "UD|MANIFESTED": ["InfoReceived", "InfoReceived_001"],
  "UD|NOT PICKED": ["InfoReceived", "InfoReceived_001"],
  "UD|IN TRANSIT": ["InTransit", "InTransit_001"],
  "UD|PENDING": ["InTransit", "InTransit_001"],
  "UD|DISPATCHED": ["OutForDelivery", "OutForDelivery_001"],
  "DL|DELIVERED": ["Delivered", "Delivered_001"],
  "DL|RTO": ["Exception", "Exception_011"],
  // A customer's return (reverse pickup) handed to the merchant.
  "DL|DTO": ["Delivered", "Delivered_001"],
  "RT|IN TRANSIT": ["Exception", "Exception_010"],
  "RT|PENDING": ["Exception", "Exception_010"],
  "RT|DISPATCHED": ["Exception", "Exception_010"],
  "PP|OPEN": ["InfoReceived", "InfoReceived_001"],
  "PP|SCHEDULED": ["InfoReceived", "InfoReceived_001"],
  "PP|DISPATCHED": ["InfoReceived", "InfoReceived_001"],
  "PU|IN TRANSIT": ["InTransit", "InTransit_001"],
  "PU|PENDING": ["InTransit", "InTransit_001"],
  "PU|DISPATCHED": ["OutForDelivery", "OutForDelivery_001"],
  "CN|CANCELED": ["Exception", "Exception_001"],
  "CN|CANCELLED": ["Exception", "Exception_001"],
  "CN|CLOSED": ["Exception", "Exception_001"],
  "LT|LOST": ["Exception", "Exception_013"],
};

/**
 * `StatusCode`s that say more than the lifecycle on the forward leg (UD), from real answers. The
 * EOD codes are the "non-delivery" reasons Delhivery lets a shipper act on; sources disagree on which
 * reason each number is, so all are a plain failed attempt.
 */
export const DELHIVERY_FORWARD_CODES: Record<string, TagSubtag> = {
  "X-UCI": ["InfoReceived", "InfoReceived_001"],
  "X-PPOM": ["InTransit", "InTransit_002"],
  "X-PIOM": ["InTransit", "InTransit_003"],
  "X-OLL4F": ["InTransit", "InTransit_007"],
  "X-ILL2F": ["InTransit", "InTransit_003"],
  "X-IBD3F": ["InTransit", "InTransit_003"],
  "X-DDD3FD": ["OutForDelivery", "OutForDelivery_001"],
  "EOD-3": ["AttemptFail", "AttemptFail_001"],
  "EOD-6": ["AttemptFail", "AttemptFail_001"],
  "EOD-11": ["AttemptFail", "AttemptFail_001"],
  "EOD-15": ["AttemptFail", "AttemptFail_001"],
  "EOD-16": ["AttemptFail", "AttemptFail_001"],
  "EOD-43": ["AttemptFail", "AttemptFail_001"],
  "EOD-69": ["AttemptFail", "AttemptFail_001"],
  "EOD-74": ["AttemptFail", "AttemptFail_001"],
  "EOD-86": ["AttemptFail", "AttemptFail_001"],
  "EOD-104": ["AttemptFail", "AttemptFail_001"],
};

/**
 * A scan's status: a forward-leg code we know, else its lifecycle pair; null (inherits the one
 * before) otherwise. Movement codes repeat on the return leg, where the lifecycle says "returning".
 */
export function delhiveryScanStatus(scan: { type?: string | null; status?: string | null; code?: string | null }): TagSubtag | null {
  const type = scan.type?.trim().toUpperCase() ?? "";
  const known = type === "UD" ? lookupStatus(DELHIVERY_FORWARD_CODES, scan.code?.trim().toUpperCase()) : undefined;
  return known ?? lookupStatus(DELHIVERY_LIFECYCLE, `${type}|${scan.status?.trim().toUpperCase() ?? ""}`) ?? null;
}
