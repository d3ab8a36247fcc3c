import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/** Tracking API v2 event codes (`events[].eventCode`); community-sourced (research/carriers.md §7). */
export const ROYALMAIL_EVENT_CODES: Record<string, TagSubtag> = {
  EVAIE: ["InfoReceived", "InfoReceived_001"],
  EVAIP: ["InfoReceived", "InfoReceived_001"],
  EVPPA: ["InTransit", "InTransit_002"],
  EVDAV: ["InTransit", "InTransit_002"],
  EVIMC: ["InTransit", "InTransit_002"],
  EVDAC: ["InTransit", "InTransit_002"],
  EVBAV: ["InTransit", "InTransit_002"],
  EVIAV: ["InTransit", "InTransit_002"],
  EVOCO: ["InTransit", "InTransit_001"],
  EVORI: ["InTransit", "InTransit_003"],
  EVOAC: ["InTransit", "InTransit_003"],
  EVODO: ["InTransit", "InTransit_007"],
  EVNMI: ["InTransit", "InTransit_001"],
  EVGMI: ["InTransit", "InTransit_001"],
  EVNRT: ["Exception", "Exception_001"],
  EVGPD: ["OutForDelivery", "OutForDelivery_001"],
  EVKNA: ["AttemptFail", "AttemptFail_001"],
  EVKNR: ["AttemptFail", "AttemptFail_001"],
  EVNDA: ["AvailableForPickup", "AvailableForPickup_001"],
  EVPLA: ["AvailableForPickup", "AvailableForPickup_001"],
  EVKLS: ["AvailableForPickup", "AvailableForPickup_001"],
  EVPLC: ["Delivered", "Delivered_002"],
  EVKSP: ["Delivered", "Delivered_003"],
  EVKSF: ["Delivered", "Delivered_001"],
  EVKOP: ["Delivered", "Delivered_001"],
};

/** `summary.statusCategory`, for the newest event when its code is not in the table. */
const CATEGORIES: Record<string, TagSubtag> = {
  "IN TRANSIT": ["InTransit", "InTransit_001"],
  DELIVERED: ["Delivered", "Delivered_001"],
  "OUT FOR DELIVERY": ["OutForDelivery", "OutForDelivery_001"],
};

/** An event's status; null (inherits the one before) for codes we do not know, except the newest, which falls back on the summary. */
export function royalmailEventStatus(
  code: string | null | undefined,
  context: { newest: boolean; statusCategory: string | null | undefined },
): TagSubtag | null {
  const known = lookupStatus(ROYALMAIL_EVENT_CODES, code?.toUpperCase());
  if (known) return known;
  return context.newest ? (lookupStatus(CATEGORIES, context.statusCategory?.toUpperCase()) ?? null) : null;
}
