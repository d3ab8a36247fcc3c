import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/**
 * Track And Trace V1 event codes (`events[].code`, "<TYPE>.<REASON>") that mean more than their
 * type: those in GLS's own examples (OpenAPI 1.0.7) and in answers published by its users.
 */
export const GLS_EVENT_CODES: Record<string, TagSubtag> = {
  "INTIAL.PREADVICE": ["InfoReceived", "InfoReceived_001"],
  // "Provided by the sender for collection": still with the sender.
  "INTIAL.E48_DATA": ["InfoReceived", "InfoReceived_001"],
  "INTIAL.NORMAL": ["InTransit", "InTransit_002"],
  "DELIVD.PARCELSHOP": ["AvailableForPickup", "AvailableForPickup_001"],
  // Handed out at the ParcelShop (the recipient showed the app).
  "DELIVD.DEL_BY_PSAPP": ["Delivered", "Delivered_002"],
  "CHANGD.MONEWADDR": ["InTransit", "InTransit_009"],
};

/**
 * The type part of an event code, for reasons not listed above; INTIAL and CHANGD have none, their
 * reasons differ too much. NOTDEL is seen in users' answers only, not in GLS's examples.
 */
export const GLS_EVENT_TYPES: Record<string, TagSubtag> = {
  INBOUD: ["InTransit", "InTransit_003"],
  OUTBOD: ["InTransit", "InTransit_007"],
  OUTDEL: ["OutForDelivery", "OutForDelivery_001"],
  DELIVD: ["Delivered", "Delivered_001"],
  NOTDEL: ["AttemptFail", "AttemptFail_001"],
  CANCEL: ["Exception", "Exception_001"],
};

/** `parcels[].status` (OpenAPI 1.0.7 enum); FINAL (history closed) is left out: it says nothing new. */
export const GLS_PARCEL_STATUSES: Record<string, TagSubtag> = {
  PLANNEDPICKUP: ["InfoReceived", "InfoReceived_001"],
  INPICKUP: ["InfoReceived", "InfoReceived_001"],
  PREADVICE: ["InfoReceived", "InfoReceived_001"],
  NOTPICKEDUP: ["Exception", "Exception_008"],
  INTRANSIT: ["InTransit", "InTransit_001"],
  INWAREHOUSE: ["InTransit", "InTransit_001"],
  INDELIVERY: ["OutForDelivery", "OutForDelivery_001"],
  DELIVEREDPS: ["AvailableForPickup", "AvailableForPickup_001"],
  DELIVERED: ["Delivered", "Delivered_001"],
  NOTDELIVERED: ["AttemptFail", "AttemptFail_001"],
  CANCELED: ["Exception", "Exception_001"],
};

/**
 * An event's status: its full code, else its type; null (inherits the one before) for codes we do
 * not know, except the newest, which falls back on the parcel's status.
 */
export function glsEventStatus(code: string | null | undefined, context: { newest: boolean; parcelStatus: string | null | undefined }): TagSubtag | null {
  const upper = code?.trim().toUpperCase();
  const known = lookupStatus(GLS_EVENT_CODES, upper) ?? lookupStatus(GLS_EVENT_TYPES, upper?.split(".")[0]);
  if (known) return known;
  return context.newest ? (lookupStatus(GLS_PARCEL_STATUSES, context.parcelStatus?.trim().toUpperCase()) ?? null) : null;
}
