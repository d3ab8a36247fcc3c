import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

export type PurolatorScanType = "ProofOfPickUp" | "Other" | "OnDelivery" | "Delivery" | "Undeliverable";

/** Purolator's five coarse `ScanType`s (Tracking Web Service v1). */
export const PUROLATOR_SCAN_TYPES: Record<PurolatorScanType, TagSubtag> = {
  ProofOfPickUp: ["InTransit", "InTransit_002"],
  Other: ["InTransit", "InTransit_001"],
  OnDelivery: ["OutForDelivery", "OutForDelivery_001"],
  Delivery: ["Delivered", "Delivered_001"],
  // Purolator files everything that is not a plain move under it: attempts, pickups, returns, delays, even "Shipment created".
  Undeliverable: ["Exception", "Exception_001"],
};

export interface KeywordRule {
  /** The scan types the rule refines. */
  when: readonly PurolatorScanType[];
  /** Matched against the scan's English description (requests ask for `Language` en), lower-cased. */
  match: RegExp;
  to: TagSubtag;
}

/**
 * Refinements of the coarse scan types from the description, the only place Purolator says what happened
 * (wording from recorded answers, karrio's audited list). The first matching rule wins.
 */
export const PUROLATOR_KEYWORD_RULES: readonly KeywordRule[] = [
  {
    when: ["Other", "Undeliverable"],
    match: /shipment created|created a label|manifest received|new tracking number assigned|label information electronically submitted/,
    to: ["InfoReceived", "InfoReceived_001"],
  },
  { when: ["Other", "ProofOfPickUp"], match: /picked up by purolator|received by purolator/, to: ["InTransit", "InTransit_002"] },
  // Seen with ScanType Delivery although nothing was delivered yet.
  { when: ["Delivery"], match: /transferring to shipping centre/, to: ["InTransit", "InTransit_001"] },
  {
    // Before the attempt rule: "unable to deliver - item returned to sender" is a return.
    when: ["Undeliverable", "Other"],
    match: /return(ed)? to (the )?(sender|shipper)/,
    to: ["Exception", "Exception_010"],
  },
  {
    when: ["Undeliverable", "Other"],
    match: /available for pick ?up|held for pick ?up|will pick up|available to pick up/,
    to: ["AvailableForPickup", "AvailableForPickup_001"],
  },
  { when: ["Undeliverable"], match: /customer closed|business closed/, to: ["AttemptFail", "AttemptFail_003"] },
  { when: ["Undeliverable"], match: /attempted delivery|unable to deliver|delivery attempt/, to: ["AttemptFail", "AttemptFail_001"] },
  { when: ["Undeliverable"], match: /refused/, to: ["Exception", "Exception_003"] },
  { when: ["Undeliverable"], match: /address/, to: ["Exception", "Exception_007"] },
  { when: ["Undeliverable"], match: /damaged/, to: ["Exception", "Exception_012"] },
  { when: ["Undeliverable"], match: /customs/, to: ["Exception", "Exception_004"] },
  { when: ["Undeliverable"], match: /weather/, to: ["Exception", "Exception_017"] },
  { when: ["Undeliverable"], match: /delay|rescheduled|missed connection|mechanical|road closure/, to: ["Exception", "Exception_005"] },
  { when: ["Undeliverable", "Other"], match: /redirected/, to: ["InTransit", "InTransit_009"] },
  { when: ["Undeliverable", "Other"], match: /arrived at sort facility/, to: ["InTransit", "InTransit_003"] },
  { when: ["Undeliverable", "Other"], match: /departed sort facility/, to: ["InTransit", "InTransit_007"] },
  { when: ["Undeliverable"], match: /in transit/, to: ["InTransit", "InTransit_001"] },
];

/** Status of one scan: its type's status, refined by the first keyword rule that fits; null for an unknown type. */
export function purolatorScanStatus(scanType: string | undefined, description: string, signed: boolean): TagSubtag | null {
  const known = lookupStatus(PUROLATOR_SCAN_TYPES, scanType);
  if (!known) return null;
  const type = scanType as PurolatorScanType;
  const lower = description.toLowerCase();
  const status = PUROLATOR_KEYWORD_RULES.find((rule) => rule.when.includes(type) && rule.match.test(lower))?.to ?? known;
  // A signature on the delivery scan makes a plain delivery a signed one.
  if (signed && status[1] === "Delivered_001") return ["Delivered", "Delivered_003"];
  return status;
}
