import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/** Scan `eventType` (2 characters); null for notices that are not scans (return-label e-mails). */
export const FEDEX_EVENT_TYPES: Record<string, TagSubtag | null> = {
  OC: ["InfoReceived", "InfoReceived_001"],
  OX: ["InfoReceived", "InfoReceived_001"],
  MD: ["InfoReceived", "InfoReceived_001"],
  PU: ["InTransit", "InTransit_002"],
  PX: ["InTransit", "InTransit_002"],
  DO: ["InTransit", "InTransit_002"],
  IP: ["InTransit", "InTransit_002"],
  AR: ["InTransit", "InTransit_003"],
  AF: ["InTransit", "InTransit_003"],
  FD: ["InTransit", "InTransit_003"],
  SF: ["InTransit", "InTransit_003"],
  DP: ["InTransit", "InTransit_007"],
  LO: ["InTransit", "InTransit_007"],
  IT: ["InTransit", "InTransit_001"],
  IX: ["InTransit", "InTransit_001"],
  Ow: ["InTransit", "InTransit_001"],
  PM: ["InTransit", "InTransit_001"],
  TR: ["InTransit", "InTransit_001"],
  EA: ["InTransit", "InTransit_001"],
  EO: ["InTransit", "InTransit_001"],
  EP: ["InTransit", "InTransit_001"],
  PF: ["InTransit", "InTransit_001"],
  PL: ["InTransit", "InTransit_001"],
  AA: ["InTransit", "InTransit_001"],
  AC: ["InTransit", "InTransit_001"],
  AX: ["InTransit", "InTransit_001"],
  CH: ["InTransit", "InTransit_001"],
  AE: ["InTransit", "InTransit_001"],
  AO: ["InTransit", "InTransit_001"],
  US: ["InTransit", "InTransit_001"],
  DS: ["InTransit", "InTransit_001"],
  SP: ["InTransit", "InTransit_001"],
  CC: ["InTransit", "InTransit_005"],
  CP: ["InTransit", "InTransit_006"],
  RR: ["InTransit", "InTransit_001"],
  RM: ["InTransit", "InTransit_001"],
  RC: ["InTransit", "InTransit_001"],
  RA: ["InTransit", "InTransit_001"],
  PR: ["InTransit", "InTransit_009"],
  AS: ["InTransit", "InTransit_001"],
  HA: ["InTransit", "InTransit_001"],
  OD: ["OutForDelivery", "OutForDelivery_001"],
  ED: ["OutForDelivery", "OutForDelivery_001"],
  AD: ["OutForDelivery", "OutForDelivery_001"],
  DL: ["Delivered", "Delivered_001"],
  HL: ["AvailableForPickup", "AvailableForPickup_001"],
  HP: ["AvailableForPickup", "AvailableForPickup_001"],
  DE: ["AttemptFail", "AttemptFail_001"],
  SE: ["Exception", "Exception_001"],
  CA: ["Exception", "Exception_001"],
  DR: ["InTransit", "InTransit_001"],
  CD: ["Exception", "Exception_004"],
  DD: ["Exception", "Exception_005"],
  DY: ["Exception", "Exception_005"],
  PD: ["Exception", "Exception_005"],
  RS: ["Exception", "Exception_010"],
  RT: ["Exception", "Exception_010"],
  RP: null,
  LP: null,
  RG: null,
  RD: null,
};

/** Delivery-exception (`DE`) events refined by `exceptionCode`: DE covers attempts and redirections alike. */
export const FEDEX_EXCEPTION_CODES: Record<string, TagSubtag> = {
  "08": ["AttemptFail", "AttemptFail_002"],
  "007": ["AttemptFail", "AttemptFail_002"],
  "03": ["Exception", "Exception_007"],
  "083": ["AttemptFail", "AttemptFail_001"],
  "099": ["Exception", "Exception_001"],
  A47: ["InTransit", "InTransit_009"],
};

/** `derivedStatusCode`, for event types missing from the table above. */
export const FEDEX_DERIVED_STATUS_CODES: Record<string, TagSubtag> = {
  IN: ["InfoReceived", "InfoReceived_001"],
  PU: ["InTransit", "InTransit_002"],
  IT: ["InTransit", "InTransit_001"],
  OD: ["OutForDelivery", "OutForDelivery_001"],
  DL: ["Delivered", "Delivered_001"],
  DE: ["AttemptFail", "AttemptFail_001"],
  DY: ["Exception", "Exception_005"],
  RL: ["InTransit", "InTransit_001"],
  HL: ["AvailableForPickup", "AvailableForPickup_001"],
  RS: ["Exception", "Exception_010"],
  CA: ["Exception", "Exception_001"],
  SE: ["Exception", "Exception_001"],
};

export interface FedexScan {
  eventType?: string | null;
  eventDescription?: string | null;
  exceptionCode?: string | null;
  derivedStatusCode?: string | null;
}

/** Status of one FedEx scan event; null when it carries no status (it keeps the previous one). */
export function fedexScanStatus(scan: FedexScan, signed: boolean): TagSubtag | null {
  const type = scan.eventType ?? "";
  const refined = type === "DE" ? lookupStatus(FEDEX_EXCEPTION_CODES, scan.exceptionCode) : undefined;
  if (refined) return refined;
  // "DY" is a delay in scans but "Delivery updated" in notices: only the former is an exception.
  if (type === "DY" && /updated/i.test(scan.eventDescription ?? "")) return null;
  const byType = lookupStatus(FEDEX_EVENT_TYPES, type);
  const mapped = byType !== undefined ? byType : (lookupStatus(FEDEX_DERIVED_STATUS_CODES, scan.derivedStatusCode) ?? null);
  // A signer's name on the delivery makes a plain delivery a signed one.
  if (mapped?.[1] === "Delivered_001" && signed) return ["Delivered", "Delivered_003"];
  return mapped;
}
