import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/**
 * Shippingstatus `StatusCode`s (`Status`, `OldStatus[]`), from PostNL's T&T status code table
 * (research/carriers.md §9). 99 "not applicable" is left out: such a status says nothing.
 */
export const POSTNL_STATUS_CODES: Record<string, TagSubtag> = {
  "1": ["InfoReceived", "InfoReceived_001"],
  "13": ["InfoReceived", "InfoReceived_001"],
  "2": ["InTransit", "InTransit_002"],
  "3": ["InTransit", "InTransit_002"],
  "23": ["InTransit", "InTransit_002"],
  "5": ["InTransit", "InTransit_001"],
  "21": ["InTransit", "InTransit_001"],
  "31": ["InTransit", "InTransit_001"],
  "9": ["InTransit", "InTransit_006"],
  "20": ["InTransit", "InTransit_006"],
  "7": ["OutForDelivery", "OutForDelivery_001"],
  "8": ["AttemptFail", "AttemptFail_001"],
  "11": ["Delivered", "Delivered_001"],
  "22": ["Delivered", "Delivered_002"],
  "12": ["AvailableForPickup", "AvailableForPickup_001"],
  "4": ["Exception", "Exception_008"],
  "14": ["Exception", "Exception_001"],
  "6": ["Exception", "Exception_005"],
  "15": ["Exception", "Exception_013"],
  "16": ["Exception", "Exception_013"],
  "17": ["Exception", "Exception_013"],
  "18": ["Exception", "Exception_013"],
  "19": ["Exception", "Exception_009"],
  "27": ["Exception", "Exception_010"],
  "28": ["Exception", "Exception_010"],
};

/**
 * `Event[].Code`s whose meaning is narrower than (or differs from) the status code PostNL files
 * them under: a failed attempt is filed as "out for delivery" (7), a delay as "missing in
 * sorting" (16), a neighbour delivery as plain "delivered" (11). Codes not listed here take the
 * status of the same moment (PostNL's event-code table, developer.postnl.nl reference data).
 */
export const POSTNL_EVENT_CODES: Record<string, TagSubtag> = {
  // Announced, not yet with PostNL.
  A01: ["InfoReceived", "InfoReceived_001"],
  A10: ["InfoReceived", "InfoReceived_001"],
  A71: ["InfoReceived", "InfoReceived_001"],
  F01: ["InfoReceived", "InfoReceived_001"],
  X80: ["InfoReceived", "InfoReceived_001"],
  // Accepted: handed in, collected, received.
  B01: ["InTransit", "InTransit_002"],
  B04: ["InTransit", "InTransit_002"],
  B06: ["InTransit", "InTransit_002"],
  C01: ["InTransit", "InTransit_002"],
  X40: ["InTransit", "InTransit_002"],
  Z80: ["InTransit", "InTransit_002"],
  V12: ["InTransit", "InTransit_002"],
  V13: ["InTransit", "InTransit_002"],
  V23: ["InTransit", "InTransit_002"],
  V50: ["InTransit", "InTransit_002"],
  // Sorting and line haul.
  J01: ["InTransit", "InTransit_001"],
  J06: ["InTransit", "InTransit_001"],
  J10: ["InTransit", "InTransit_001"],
  J27: ["InTransit", "InTransit_001"],
  J61: ["InTransit", "InTransit_001"],
  R01: ["InTransit", "InTransit_001"],
  X50: ["InTransit", "InTransit_001"],
  X51: ["InTransit", "InTransit_001"],
  J45: ["InTransit", "InTransit_007"],
  Q12: ["InTransit", "InTransit_007"],
  X19: ["InTransit", "InTransit_007"],
  X02: ["InTransit", "InTransit_004"],
  A76: ["InTransit", "InTransit_004"],
  X07: ["InTransit", "InTransit_003"],
  X08: ["InTransit", "InTransit_003"],
  X14: ["InTransit", "InTransit_003"],
  // Customs.
  X03: ["InTransit", "InTransit_006"],
  X60: ["InTransit", "InTransit_006"],
  Y25: ["InTransit", "InTransit_006"],
  X04: ["InTransit", "InTransit_005"],
  X61: ["InTransit", "InTransit_005"],
  X65: ["InTransit", "InTransit_005"],
  X30: ["Exception", "Exception_004"],
  X63: ["Exception", "Exception_004"],
  X64: ["Exception", "Exception_004"],
  Y64: ["Exception", "Exception_004"],
  X10: ["Exception", "Exception_018"],
  Y47: ["Exception", "Exception_018"],
  X67: ["Exception", "Exception_006"],
  A20: ["Exception", "Exception_006"],
  // Forwarded to another address.
  K02: ["InTransit", "InTransit_009"],
  K03: ["InTransit", "InTransit_009"],
  // Out for delivery.
  J05: ["OutForDelivery", "OutForDelivery_001"],
  X06: ["OutForDelivery", "OutForDelivery_001"],
  X55: ["OutForDelivery", "OutForDelivery_001"],
  Y05: ["OutForDelivery", "OutForDelivery_001"],
  // Delivery attempts that failed and will be repeated.
  J08: ["AttemptFail", "AttemptFail_001"],
  J29: ["AttemptFail", "AttemptFail_001"],
  K70: ["AttemptFail", "AttemptFail_001"],
  K71: ["AttemptFail", "AttemptFail_001"],
  D08: ["AttemptFail", "AttemptFail_002"],
  K14: ["AttemptFail", "AttemptFail_002"],
  Y02: ["AttemptFail", "AttemptFail_002"],
  Y10: ["AttemptFail", "AttemptFail_002"],
  Y42: ["AttemptFail", "AttemptFail_002"],
  J94: ["AttemptFail", "AttemptFail_002"],
  Y43: ["AttemptFail", "AttemptFail_003"],
  // Delivered.
  I01: ["Delivered", "Delivered_001"],
  I03: ["Delivered", "Delivered_001"],
  I05: ["Delivered", "Delivered_001"],
  I09: ["Delivered", "Delivered_001"],
  I11: ["Delivered", "Delivered_001"],
  I12: ["Delivered", "Delivered_001"],
  I23: ["Delivered", "Delivered_001"],
  Z01: ["Delivered", "Delivered_001"],
  Z02: ["Delivered", "Delivered_001"],
  Z03: ["Delivered", "Delivered_001"],
  Z04: ["Delivered", "Delivered_001"],
  Z08: ["Delivered", "Delivered_001"],
  Z09: ["Delivered", "Delivered_001"],
  I10: ["Delivered", "Delivered_005"],
  Z05: ["Delivered", "Delivered_005"],
  I02: ["Delivered", "Delivered_002"],
  I22: ["Delivered", "Delivered_002"],
  Z06: ["Delivered", "Delivered_002"],
  // Waiting at a PostNL point, parcel locker or PO box.
  I08: ["AvailableForPickup", "AvailableForPickup_001"],
  J02: ["AvailableForPickup", "AvailableForPickup_001"],
  J12: ["AvailableForPickup", "AvailableForPickup_001"],
  J23: ["AvailableForPickup", "AvailableForPickup_001"],
  J52: ["AvailableForPickup", "AvailableForPickup_001"],
  X05: ["AvailableForPickup", "AvailableForPickup_001"],
  Y26: ["AvailableForPickup", "AvailableForPickup_001"],
  // Delays.
  G01: ["Exception", "Exception_005"],
  G02: ["Exception", "Exception_005"],
  G03: ["Exception", "Exception_005"],
  G05: ["Exception", "Exception_005"],
  V04: ["Exception", "Exception_005"],
  V06: ["Exception", "Exception_005"],
  V31: ["Exception", "Exception_005"],
  K25: ["Exception", "Exception_005"],
  Y65: ["Exception", "Exception_017"],
  // Problems with the address, the recipient or the parcel.
  Y22: ["Exception", "Exception_002"],
  H01: ["Exception", "Exception_003"],
  H38: ["Exception", "Exception_003"],
  Y03: ["Exception", "Exception_003"],
  Y13: ["Exception", "Exception_003"],
  Y44: ["Exception", "Exception_003"],
  H02: ["Exception", "Exception_007"],
  H36: ["Exception", "Exception_007"],
  Y01: ["Exception", "Exception_007"],
  Y09: ["Exception", "Exception_007"],
  Y12: ["Exception", "Exception_007"],
  Y16: ["Exception", "Exception_007"],
  Y17: ["Exception", "Exception_007"],
  Y30: ["Exception", "Exception_007"],
  Y31: ["Exception", "Exception_007"],
  Y32: ["Exception", "Exception_007"],
  H04: ["Exception", "Exception_012"],
  H35: ["Exception", "Exception_012"],
  Y04: ["Exception", "Exception_012"],
  Y11: ["Exception", "Exception_012"],
  Y14: ["Exception", "Exception_012"],
  Y18: ["Exception", "Exception_012"],
  Y71: ["Exception", "Exception_013"],
  Y45: ["Exception", "Exception_009"],
  K15: ["Exception", "Exception_001"],
  K30: ["Exception", "Exception_001"],
  K92: ["Exception", "Exception_001"],
  R06: ["Exception", "Exception_001"],
  H30: ["Exception", "Exception_001"],
  H31: ["Exception", "Exception_001"],
  // Going back to the sender, and back there.
  H03: ["Exception", "Exception_010"],
  H05: ["Exception", "Exception_010"],
  H07: ["Exception", "Exception_010"],
  H16: ["Exception", "Exception_010"],
  H18: ["Exception", "Exception_010"],
  H20: ["Exception", "Exception_010"],
  H22: ["Exception", "Exception_010"],
  H24: ["Exception", "Exception_010"],
  H25: ["Exception", "Exception_010"],
  K43: ["Exception", "Exception_010"],
  Y19: ["Exception", "Exception_010"],
  Y20: ["Exception", "Exception_010"],
  Y21: ["Exception", "Exception_010"],
  J63: ["Exception", "Exception_011"],
};

/**
 * An event's status: its own code's when listed, else the status code PostNL recorded at the same
 * moment (`statusCodeThen`); null when neither says anything, so it inherits the one before.
 */
export function postnlEventStatus(code: string | null | undefined, statusCodeThen: string | null | undefined): TagSubtag | null {
  return lookupStatus(POSTNL_EVENT_CODES, code?.toUpperCase()) ?? postnlStatus(statusCodeThen);
}

/** A `StatusCode`'s status; null for 99 and codes not in the table. */
export function postnlStatus(statusCode: string | null | undefined): TagSubtag | null {
  return lookupStatus(POSTNL_STATUS_CODES, statusCode?.trim()) ?? null;
}
