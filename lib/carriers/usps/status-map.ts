import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/** Publication 199 event codes (`eventCode`). */
export const USPS_EVENT_CODES: Record<string, TagSubtag> = {
  MA: ["InfoReceived", "InfoReceived_001"],
  GX: ["InfoReceived", "InfoReceived_001"],
  "03": ["InTransit", "InTransit_002"],
  TM: ["InTransit", "InTransit_002"],
  PA: ["InTransit", "InTransit_002"],
  "80": ["InTransit", "InTransit_002"],
  "10": ["InTransit", "InTransit_003"],
  A1: ["InTransit", "InTransit_003"],
  AD: ["InTransit", "InTransit_003"],
  "07": ["InTransit", "InTransit_003"],
  "81": ["InTransit", "InTransit_003"],
  "19": ["InTransit", "InTransit_003"],
  T1: ["InTransit", "InTransit_007"],
  SF: ["InTransit", "InTransit_007"],
  EF: ["InTransit", "InTransit_007"],
  "82": ["InTransit", "InTransit_007"],
  TL: ["InTransit", "InTransit_001"],
  PC: ["InTransit", "InTransit_001"],
  "42": ["InTransit", "InTransit_001"],
  "41": ["InTransit", "InTransit_001"],
  "71": ["InTransit", "InTransit_001"],
  "06": ["InTransit", "InTransit_009"],
  OF: ["OutForDelivery", "OutForDelivery_001"],
  "01": ["Delivered", "Delivered_001"],
  "17": ["Delivered", "Delivered_002"],
  "43": ["Delivered", "Delivered_002"],
  "14": ["AvailableForPickup", "AvailableForPickup_001"],
  "16": ["AvailableForPickup", "AvailableForPickup_001"],
  "02": ["AttemptFail", "AttemptFail_001"],
  "52": ["AttemptFail", "AttemptFail_001"],
  "53": ["AttemptFail", "AttemptFail_001"],
  "54": ["AttemptFail", "AttemptFail_001"],
  "55": ["AttemptFail", "AttemptFail_001"],
  "30": ["AttemptFail", "AttemptFail_001"],
  "56": ["AttemptFail", "AttemptFail_002"],
  "51": ["AttemptFail", "AttemptFail_003"],
  "04": ["Exception", "Exception_003"],
  "23": ["Exception", "Exception_002"],
  "05": ["Exception", "Exception_007"],
  "21": ["Exception", "Exception_007"],
  "22": ["Exception", "Exception_007"],
  "24": ["Exception", "Exception_007"],
  "25": ["Exception", "Exception_007"],
  "26": ["Exception", "Exception_007"],
  "09": ["Exception", "Exception_010"],
  "27": ["Exception", "Exception_010"],
  "28": ["Exception", "Exception_010"],
  "29": ["Exception", "Exception_010"],
  "31": ["Exception", "Exception_010"],
  "08": ["Exception", "Exception_005"],
  "15": ["Exception", "Exception_005"],
  DX: ["Exception", "Exception_005"],
  "11": ["Exception", "Exception_013"],
  "44": ["Exception", "Exception_001"],
};

/** The shipment's `statusCategory`, for the newest event when its code is not in the table above. */
export const USPS_STATUS_CATEGORIES: Record<string, TagSubtag> = {
  "Pre-Shipment": ["InfoReceived", "InfoReceived_001"],
  Accepted: ["InTransit", "InTransit_002"],
  "In Transit": ["InTransit", "InTransit_001"],
  "Moving Through Network": ["InTransit", "InTransit_001"],
  "Out for Delivery": ["OutForDelivery", "OutForDelivery_001"],
  Delivered: ["Delivered", "Delivered_001"],
  "Available for Pickup": ["AvailableForPickup", "AvailableForPickup_001"],
  "Delivery Attempt": ["AttemptFail", "AttemptFail_001"],
  Alert: ["Exception", "Exception_001"],
  "Return to Sender": ["Exception", "Exception_010"],
};

// USPS has hundreds of rarely seen codes; an unknown scan is still a scan in the network.
const UNKNOWN_EVENT: TagSubtag = ["InTransit", "InTransit_001"];

/**
 * Status of one USPS event. `statusCategory` describes the shipment as a whole, so it only
 * stands in for the newest event's unknown code.
 */
export function uspsEventStatus(
  eventCode: string | null | undefined,
  options: { signed: boolean; newest: boolean; statusCategory: string | null | undefined },
): TagSubtag {
  const mapped =
    lookupStatus(USPS_EVENT_CODES, eventCode) ?? (options.newest ? lookupStatus(USPS_STATUS_CATEGORIES, options.statusCategory) : undefined) ?? UNKNOWN_EVENT;
  // A signer's name on the delivery makes a plain delivery a signed one.
  if (mapped[1] === "Delivered_001" && options.signed) return ["Delivered", "Delivered_003"];
  return mapped;
}
