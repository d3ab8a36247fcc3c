import { type Tag } from "@/lib/tags";

/** Every subtag of the 2025-04 API (compat-reference §6) with the `subtag_message` shown beside it. */
export const SUBTAGS = [
  { subtag: "Pending_001", tag: "Pending", message: "Pending", retired: false },
  { subtag: "InfoReceived_001", tag: "InfoReceived", message: "Info Received", retired: false },
  { subtag: "InTransit_001", tag: "InTransit", message: "In Transit", retired: false },
  { subtag: "InTransit_002", tag: "InTransit", message: "Acceptance scan", retired: false },
  { subtag: "InTransit_003", tag: "InTransit", message: "Arrival scan", retired: false },
  { subtag: "InTransit_004", tag: "InTransit", message: "Arrived at destination country", retired: false },
  { subtag: "InTransit_005", tag: "InTransit", message: "Customs clearance completed", retired: false },
  { subtag: "InTransit_006", tag: "InTransit", message: "Customs clearance started", retired: false },
  { subtag: "InTransit_007", tag: "InTransit", message: "Departure Scan", retired: false },
  { subtag: "InTransit_008", tag: "InTransit", message: "Problem resolved", retired: false },
  { subtag: "InTransit_009", tag: "InTransit", message: "Forwarded to a different delivery address", retired: false },
  { subtag: "OutForDelivery_001", tag: "OutForDelivery", message: "Out for Delivery", retired: false },
  // Replaced by AvailableForPickup_001 in v4.0.4; kept so stored data still reads back.
  { subtag: "OutForDelivery_002", tag: "OutForDelivery", message: "Out for Delivery", retired: true },
  { subtag: "OutForDelivery_003", tag: "OutForDelivery", message: "Customer contacted", retired: false },
  { subtag: "OutForDelivery_004", tag: "OutForDelivery", message: "Delivery appointment scheduled", retired: false },
  { subtag: "AttemptFail_001", tag: "AttemptFail", message: "Failed Attempt", retired: false },
  { subtag: "AttemptFail_002", tag: "AttemptFail", message: "Addressee not available", retired: false },
  { subtag: "AttemptFail_003", tag: "AttemptFail", message: "Business Closed", retired: false },
  { subtag: "Delivered_001", tag: "Delivered", message: "Delivered", retired: false },
  { subtag: "Delivered_002", tag: "Delivered", message: "Picked up by the customer", retired: false },
  { subtag: "Delivered_003", tag: "Delivered", message: "Sign by customer", retired: false },
  { subtag: "Delivered_004", tag: "Delivered", message: "Delivered and received cash on delivery", retired: false },
  { subtag: "Delivered_005", tag: "Delivered", message: "Delivered to neighbor", retired: false },
  { subtag: "AvailableForPickup_001", tag: "AvailableForPickup", message: "Available for pickup", retired: false },
  { subtag: "Exception_001", tag: "Exception", message: "Exception", retired: false },
  { subtag: "Exception_002", tag: "Exception", message: "Customer moved", retired: false },
  { subtag: "Exception_003", tag: "Exception", message: "Customer refused delivery", retired: false },
  { subtag: "Exception_004", tag: "Exception", message: "Delayed (Customs clearance)", retired: false },
  { subtag: "Exception_005", tag: "Exception", message: "Delayed (External factors)", retired: false },
  { subtag: "Exception_006", tag: "Exception", message: "Held for payment", retired: false },
  { subtag: "Exception_007", tag: "Exception", message: "Incorrect Address", retired: false },
  { subtag: "Exception_008", tag: "Exception", message: "Pick up missed", retired: false },
  { subtag: "Exception_009", tag: "Exception", message: "Rejected by carrier", retired: false },
  { subtag: "Exception_010", tag: "Exception", message: "Returning to sender", retired: false },
  { subtag: "Exception_011", tag: "Exception", message: "Returned to sender", retired: false },
  { subtag: "Exception_012", tag: "Exception", message: "Shipment damage", retired: false },
  { subtag: "Exception_013", tag: "Exception", message: "Shipment lost", retired: false },
  { subtag: "Exception_016", tag: "Exception", message: "Delayed (Processing issue)", retired: false },
  { subtag: "Exception_017", tag: "Exception", message: "Delayed (Extreme weather)", retired: false },
  { subtag: "Exception_018", tag: "Exception", message: "Incorrect / missing documents", retired: false },
  { subtag: "Expired_001", tag: "Expired", message: "Expired", retired: false },
] as const satisfies readonly { subtag: string; tag: Tag; message: string; retired: boolean }[];

export type Subtag = (typeof SUBTAGS)[number]["subtag"];

/** A status as tables write it: the tag and one of its subtags. */
export type TagSubtag = readonly [Tag, Subtag];

const bySubtag = new Map<string, (typeof SUBTAGS)[number]>(SUBTAGS.map((entry) => [entry.subtag, entry]));

export function isSubtag(value: string): value is Subtag {
  return bySubtag.has(value);
}

/** The `subtag_message` of a subtag; the tag's generic message when the subtag is unknown. */
export function subtagMessage(subtag: string): string {
  const known = bySubtag.get(subtag);
  if (known) return known.message;
  const tag = subtag.split("_")[0] ?? "";
  return bySubtag.get(`${tag}_001`)?.message ?? subtag;
}

/**
 * Sub-statuses the compatible API added in 2026-07, and the older, broader one that versions before
 * it show instead (their clients know no other).
 */
export const SUBTAGS_SINCE_2026_07: Readonly<Record<string, Subtag>> = {
  Delivered_005: "Delivered_001",
  Exception_016: "Exception_005",
  Exception_017: "Exception_005",
  Exception_018: "Exception_004",
};

/** A subtag as versions before 2026-07 show it, with its message. */
export function subtagBefore2026(subtag: string, message: string): { subtag: string; message: string } {
  const older = SUBTAGS_SINCE_2026_07[subtag];
  return older ? { subtag: older, message: subtagMessage(older) } : { subtag, message };
}

/** The tag a subtag belongs to, or null for an unknown subtag. */
export function tagOfSubtag(subtag: string): Tag | null {
  return bySubtag.get(subtag)?.tag ?? null;
}

/** Whether a subtag may still be assigned to new checkpoints. */
export function isAssignableSubtag(subtag: string): subtag is Subtag {
  const known = bySubtag.get(subtag);
  return known !== undefined && !known.retired;
}

/** A status table's entry for a carrier code; own keys only, so "constructor" is not a status. */
export function lookupStatus<T>(table: Readonly<Record<string, T>>, code: string | null | undefined): T | undefined {
  return code != null && Object.hasOwn(table, code) ? table[code] : undefined;
}
