import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/** Activity `status.type`, used when the 3-digit status code is not in the table below. */
export const UPS_ACTIVITY_TYPES: Record<string, TagSubtag | null> = {
  M: ["InfoReceived", "InfoReceived_001"],
  MV: ["Exception", "Exception_001"],
  P: ["InTransit", "InTransit_002"],
  I: ["InTransit", "InTransit_001"],
  D: ["Delivered", "Delivered_001"],
  X: ["Exception", "Exception_001"],
  RS: ["Exception", "Exception_011"],
  DO: ["Delivered", "Delivered_001"],
  DD: ["Delivered", "Delivered_001"],
  W: ["InTransit", "InTransit_001"],
  NA: null,
  U: null,
};

/**
 * 3-digit status description codes, checked first: UPS files routine customs events under
 * type X, so the type alone would call them exceptions.
 */
export const UPS_STATUS_CODES: Record<string, TagSubtag> = {
  "003": ["InfoReceived", "InfoReceived_001"],
  "005": ["InTransit", "InTransit_001"],
  "006": ["OutForDelivery", "OutForDelivery_001"],
  "007": ["Exception", "Exception_001"],
  "010": ["InTransit", "InTransit_001"],
  "011": ["Delivered", "Delivered_001"],
  "012": ["InTransit", "InTransit_006"],
  "013": ["Exception", "Exception_001"],
  "014": ["InTransit", "InTransit_005"],
  "016": ["InTransit", "InTransit_001"],
  "017": ["AvailableForPickup", "AvailableForPickup_001"],
  "021": ["OutForDelivery", "OutForDelivery_001"],
  "022": ["AttemptFail", "AttemptFail_001"],
  "023": ["AttemptFail", "AttemptFail_001"],
  "024": ["AttemptFail", "AttemptFail_001"],
  "025": ["InTransit", "InTransit_001"],
  "026": ["Delivered", "Delivered_001"],
  "028": ["InTransit", "InTransit_009"],
  "029": ["Exception", "Exception_001"],
  "030": ["Exception", "Exception_001"],
  "032": ["Exception", "Exception_005"],
  "033": ["Exception", "Exception_010"],
  "034": ["Exception", "Exception_011"],
  "035": ["Exception", "Exception_010"],
  "036": ["Exception", "Exception_010"],
  "037": ["OutForDelivery", "OutForDelivery_001"],
  "038": ["InTransit", "InTransit_002"],
  "039": ["InTransit", "InTransit_001"],
  "040": ["AvailableForPickup", "AvailableForPickup_001"],
  "043": ["Exception", "Exception_001"],
  "044": ["InfoReceived", "InfoReceived_001"],
  "045": ["InfoReceived", "InfoReceived_001"],
  "046": ["Exception", "Exception_005"],
  "047": ["InTransit", "InTransit_001"],
  "048": ["Exception", "Exception_005"],
  "049": ["Exception", "Exception_001"],
  "050": ["Exception", "Exception_007"],
  "051": ["Exception", "Exception_005"],
  "052": ["Exception", "Exception_005"],
  "053": ["Exception", "Exception_005"],
  "057": ["InTransit", "InTransit_001"],
  "058": ["Exception", "Exception_004"],
  "059": ["Exception", "Exception_012"],
  "060": ["AttemptFail", "AttemptFail_001"],
  "061": ["AttemptFail", "AttemptFail_002"],
  "062": ["Exception", "Exception_006"],
  "064": ["Exception", "Exception_003"],
  "065": ["InfoReceived", "InfoReceived_001"],
  "066": ["AttemptFail", "AttemptFail_001"],
  "067": ["Exception", "Exception_011"],
  "068": ["Exception", "Exception_013"],
  "069": ["Exception", "Exception_001"],
  "070": ["InTransit", "InTransit_001"],
  "071": ["InTransit", "InTransit_001"],
  "072": ["OutForDelivery", "OutForDelivery_001"],
  "073": ["InTransit", "InTransit_001"],
  "074": ["InTransit", "InTransit_001"],
  "075": ["InTransit", "InTransit_001"],
  "076": ["Exception", "Exception_001"],
  "077": ["InfoReceived", "InfoReceived_001"],
  "078": ["OutForDelivery", "OutForDelivery_001"],
  "079": ["InfoReceived", "InfoReceived_001"],
  "080": ["InfoReceived", "InfoReceived_001"],
  "081": ["Exception", "Exception_012"],
  "083": ["Exception", "Exception_001"],
  "084": ["InTransit", "InTransit_005"],
  "085": ["Exception", "Exception_006"],
  "086": ["Exception", "Exception_005"],
  "087": ["InTransit", "InTransit_001"],
  "089": ["OutForDelivery", "OutForDelivery_001"],
  "090": ["Exception", "Exception_005"],
  "091": ["OutForDelivery", "OutForDelivery_001"],
  "092": ["InTransit", "InTransit_006"],
  "118": ["Exception", "Exception_010"],
  "119": ["Exception", "Exception_010"],
  "123": ["Exception", "Exception_004"],
  "124": ["Exception", "Exception_004"],
  "125": ["Exception", "Exception_004"],
  "126": ["Exception", "Exception_004"],
  "129": ["Exception", "Exception_001"],
  "130": ["Exception", "Exception_001"],
  "131": ["InfoReceived", "InfoReceived_001"],
  "132": ["Exception", "Exception_005"],
  "134": ["InTransit", "InTransit_005"],
  "135": ["InfoReceived", "InfoReceived_001"],
  "137": ["InTransit", "InTransit_001"],
  "138": ["InTransit", "InTransit_001"],
  "139": ["AttemptFail", "AttemptFail_001"],
  "141": ["Exception", "Exception_004"],
  "143": ["Delivered", "Delivered_001"],
  "144": ["AvailableForPickup", "AvailableForPickup_001"],
  "145": ["AttemptFail", "AttemptFail_001"],
  "146": ["OutForDelivery", "OutForDelivery_001"],
  "147": ["Exception", "Exception_001"],
  "149": ["Exception", "Exception_001"],
  "156": ["Delivered", "Delivered_001"],
  "157": ["InfoReceived", "InfoReceived_001"],
  "158": ["InTransit", "InTransit_001"],
  "159": ["InTransit", "InTransit_001"],
  "160": ["InTransit", "InTransit_002"],
  "161": ["AvailableForPickup", "AvailableForPickup_001"],
  "162": ["OutForDelivery", "OutForDelivery_001"],
  "164": ["InTransit", "InTransit_001"],
  "165": ["InTransit", "InTransit_001"],
  "167": ["InTransit", "InTransit_002"],
  "168": ["InTransit", "InTransit_002"],
  "169": ["InTransit", "InTransit_002"],
};

/** Requests, confirmations and updates: they say nothing new about where the parcel is. */
export const UPS_INFORMATIONAL_STATUS_CODES: ReadonlySet<string> = new Set([
  "018", "019", "020", "027", "041", "042", "054", "055", "056", "063", "082", "095",
  "096", "097", "098", "099", "100", "101", "102", "103", "104", "105", "106", "107",
  "108", "109", "110", "111", "112", "113", "114", "115", "116", "117", "120", "121",
  "122", "127", "128", "133", "136", "153", "154",
]);

/** "Package information unavailable" and test events: not scans at all. */
export const UPS_IGNORED_STATUS_CODES: ReadonlySet<string> = new Set(["088", "148", "163"]);

/** Generic in-transit scans refined by their 2-letter activity code. */
export const UPS_ACTIVITY_CODES: Record<string, TagSubtag> = {
  OR: ["InTransit", "InTransit_002"],
  AR: ["InTransit", "InTransit_003"],
  DP: ["InTransit", "InTransit_007"],
};

export interface UpsStatus {
  type?: string | null;
  code?: string | null;
  statusCode?: string | null;
}

/** Status of one UPS activity; null for informational events (they keep the previous status). */
export function upsActivityStatus(status: UpsStatus, receivedBy: boolean): TagSubtag | null {
  const statusCode = status.statusCode?.padStart(3, "0");
  if (statusCode && UPS_INFORMATIONAL_STATUS_CODES.has(statusCode)) return null;
  const mapped = lookupStatus(UPS_STATUS_CODES, statusCode) ?? lookupStatus(UPS_ACTIVITY_TYPES, status.type) ?? null;
  if (mapped?.[1] === "InTransit_001") return lookupStatus(UPS_ACTIVITY_CODES, status.code) ?? mapped;
  // A recipient's name on the delivery makes a plain delivery a signed one.
  if (mapped?.[1] === "Delivered_001" && receivedBy) return ["Delivered", "Delivered_003"];
  return mapped;
}
