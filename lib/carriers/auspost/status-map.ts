import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/**
 * Australia Post's events carry no code, only an English description: the first rule whose
 * phrase the lower-cased description contains wins, so specific phrases come before general ones
 * ("cannot be delivered" and "to be re-delivered" before "delivered").
 */
export const AUSPOST_DESCRIPTION_RULES: ReadonlyArray<{ match: RegExp; to: TagSubtag }> = [
  { match: /shipping information (received|approved)/, to: ["InfoReceived", "InfoReceived_001"] },
  { match: /return(ed|ing)? to sender|being returned/, to: ["Exception", "Exception_010"] },
  { match: /damaged/, to: ["Exception", "Exception_012"] },
  { match: /cannot be delivered|undeliverable/, to: ["Exception", "Exception_001"] },
  { match: /unsuccessful delivery|attempted delivery|delivery attempted|to be re-?delivered|card left/, to: ["AttemptFail", "AttemptFail_001"] },
  { match: /awaiting collection|ready for (pickup|collection)/, to: ["AvailableForPickup", "AvailableForPickup_001"] },
  { match: /on ?board for delivery|out for delivery/, to: ["OutForDelivery", "OutForDelivery_001"] },
  { match: /collected by (the )?(customer|recipient|addressee)/, to: ["Delivered", "Delivered_002"] },
  { match: /\bdelivered\b/, to: ["Delivered", "Delivered_001"] },
  { match: /delay/, to: ["Exception", "Exception_005"] },
  { match: /received by australia post|received item from sender|item lodged/, to: ["InTransit", "InTransit_002"] },
  { match: /cleared and awaiting international departure|cleared by customs/, to: ["InTransit", "InTransit_005"] },
  { match: /awaiting clearance|is in customs/, to: ["InTransit", "InTransit_006"] },
  { match: /^arrived in /, to: ["InTransit", "InTransit_004"] },
  { match: /arrived at facility|processed at (export )?facility/, to: ["InTransit", "InTransit_003"] },
  { match: /despatch|departed/, to: ["InTransit", "InTransit_007"] },
  { match: /in transit|processed by air carrier/, to: ["InTransit", "InTransit_001"] },
];

/** A trackable item's `status`, for its newest event when the description says nothing we know. "Unknown" says nothing. */
export const AUSPOST_ITEM_STATUSES: Record<string, TagSubtag> = {
  CREATED: ["InfoReceived", "InfoReceived_001"],
  INITIATED: ["InfoReceived", "InfoReceived_001"],
  SEALED: ["InfoReceived", "InfoReceived_001"],
  "IN TRANSIT": ["InTransit", "InTransit_001"],
  "ON BOARD FOR DELIVERY": ["OutForDelivery", "OutForDelivery_001"],
  DELIVERED: ["Delivered", "Delivered_001"],
  "DELIVERED IN FULL": ["Delivered", "Delivered_001"],
  "AWAITING COLLECTION": ["AvailableForPickup", "AvailableForPickup_001"],
  "READY FOR PICKUP": ["AvailableForPickup", "AvailableForPickup_001"],
  "UNSUCCESSFUL DELIVERY": ["AttemptFail", "AttemptFail_001"],
  "TO BE RE-DELIVERED": ["AttemptFail", "AttemptFail_001"],
  "POSSIBLE DELAY": ["Exception", "Exception_005"],
  "ARTICLE DAMAGED": ["Exception", "Exception_012"],
  CANCELLED: ["Exception", "Exception_001"],
  "CANNOT BE DELIVERED": ["Exception", "Exception_001"],
  "HELD BY COURIER": ["Exception", "Exception_001"],
};

/** An event's status; null (inherits the one before) when nothing matches, except the newest, which falls back on the item's status. */
export function auspostEventStatus(description: string, context: { newest: boolean; itemStatus: string | null | undefined }): TagSubtag | null {
  const lower = description.toLowerCase();
  const rule = AUSPOST_DESCRIPTION_RULES.find((candidate) => candidate.match.test(lower));
  if (rule) return rule.to;
  return context.newest ? (lookupStatus(AUSPOST_ITEM_STATUSES, context.itemStatus?.trim().toUpperCase()) ?? null) : null;
}
