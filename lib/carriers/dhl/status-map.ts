import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

export type DhlStatusCode = "pre-transit" | "transit" | "delivered" | "failure" | "unknown";

/** DHL's five coarse `statusCode`s; `unknown` carries the previous status. */
export const DHL_STATUS_CODES: Record<DhlStatusCode, TagSubtag | null> = {
  "pre-transit": ["InfoReceived", "InfoReceived_001"],
  transit: ["InTransit", "InTransit_001"],
  delivered: ["Delivered", "Delivered_001"],
  failure: ["Exception", "Exception_001"],
  unknown: null,
};

export interface KeywordRule {
  /** The status codes the rule refines. */
  when: readonly DhlStatusCode[];
  /** Matched against the event's English status and description. */
  match: RegExp;
  to: TagSubtag;
}

/**
 * Refinements of the coarse codes from the English event text (requests ask for `language=en`).
 * The first matching rule wins, so specific phrases come before general ones.
 */
export const DHL_KEYWORD_RULES: readonly KeywordRule[] = [
  {
    when: ["transit"],
    match: /out for delivery|with delivery courier|loaded onto the delivery vehicle|on its way to the recipient today/,
    to: ["OutForDelivery", "OutForDelivery_001"],
  },
  {
    when: ["delivered"],
    match: /picked up by the recipient|collected by the recipient|collected by/,
    to: ["Delivered", "Delivered_002"],
  },
  {
    // Before the pickup-point rule: "posted by the sender at the retail outlet" is an acceptance.
    when: ["transit"],
    match: /posted by the sender|has been picked up|shipment picked up|handed over to dhl|dropped off|accepted/,
    to: ["InTransit", "InTransit_002"],
  },
  {
    when: ["transit", "delivered"],
    match: /ready for pick-?up|available for pick-?up|packstation|parcel locker|retail outlet|service point/,
    to: ["AvailableForPickup", "AvailableForPickup_001"],
  },
  {
    // Before the attempt rule: "could not be delivered and is being returned" is a return.
    when: ["failure", "transit"],
    match: /return(ed|ing)? to (the )?sender|being returned/,
    to: ["Exception", "Exception_010"],
  },
  {
    when: ["failure", "transit"],
    match: /could not be delivered|delivery attempt|recipient not (at home|available)/,
    to: ["AttemptFail", "AttemptFail_001"],
  },
  { when: ["failure"], match: /refused/, to: ["Exception", "Exception_003"] },
  { when: ["failure"], match: /address/, to: ["Exception", "Exception_007"] },
  { when: ["failure"], match: /damaged/, to: ["Exception", "Exception_012"] },
  { when: ["failure"], match: /customs/, to: ["Exception", "Exception_004"] },
  {
    when: ["transit"],
    match: /customs clearance (status updated|completed)|cleared (by|through) customs|released by customs/,
    to: ["InTransit", "InTransit_005"],
  },
  { when: ["transit"], match: /customs|clearance event/, to: ["InTransit", "InTransit_006"] },
  { when: ["transit"], match: /arrived/, to: ["InTransit", "InTransit_003"] },
  { when: ["transit"], match: /departed/, to: ["InTransit", "InTransit_007"] },
];

/** Status of one DHL event: the code's status, refined by the first keyword rule that fits. */
export function dhlEventStatus(statusCode: string, text: string, signed: boolean): TagSubtag | null {
  const code = lookupStatus(DHL_STATUS_CODES, statusCode) !== undefined ? (statusCode as DhlStatusCode) : "unknown";
  const lower = text.toLowerCase();
  const rule = DHL_KEYWORD_RULES.find((candidate) => candidate.when.includes(code) && candidate.match.test(lower));
  const status = rule?.to ?? DHL_STATUS_CODES[code];
  // A signature on the proof of delivery makes a plain delivery a signed one.
  if (signed && status?.[1] === "Delivered_001") return ["Delivered", "Delivered_003"];
  return status;
}
