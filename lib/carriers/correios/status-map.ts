import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/**
 * SRO event types of the delivery step ("baixa"), the same for BDE (delivery round), BDI (at the
 * counter) and BDR (correction): `tipo` → status. Types not listed inherit the status before them.
 */
const DELIVERY_OUTCOMES: Record<string, TagSubtag> = {
  "00": ["Delivered", "Delivered_001"],
  "01": ["Delivered", "Delivered_001"],
  "02": ["AttemptFail", "AttemptFail_002"], // carteiro não atendido: held for pickup
  "03": ["Exception", "Exception_001"], // not collected during the holding period
  "04": ["Exception", "Exception_003"], // refused by the recipient
  "05": ["Exception", "Exception_010"], // cannot be delivered, returning
  "06": ["Exception", "Exception_007"], // recipient unknown at the address
  "07": ["Exception", "Exception_007"], // wrong address
  "08": ["Exception", "Exception_007"],
  "09": ["Exception", "Exception_013"], // not found
  "10": ["Exception", "Exception_002"], // recipient moved
  "12": ["Exception", "Exception_001"], // sender did not collect it
  "14": ["Exception", "Exception_011"], // delivered back to the sender
  "15": ["InTransit", "InTransit_003"], // received at the delivery unit
  "18": ["AttemptFail", "AttemptFail_002"],
  "19": ["Exception", "Exception_007"],
  "20": ["AttemptFail", "AttemptFail_002"], // carteiro não atendido: another attempt follows
  "21": ["Exception", "Exception_010"], // nobody home, returning
  "23": ["Exception", "Exception_011"], // returned to the sender
  "24": ["AvailableForPickup", "AvailableForPickup_001"], // in a PO box
  "25": ["AttemptFail", "AttemptFail_003"], // business closed
  "26": ["Exception", "Exception_010"], // not collected, returning
  "28": ["Exception", "Exception_012"], // damaged
  "33": ["Exception", "Exception_010"], // required document not shown, returning
  "34": ["Exception", "Exception_007"], // irregular street numbering
  "35": ["AttemptFail", "AttemptFail_001"],
  "36": ["Exception", "Exception_010"],
  "37": ["Exception", "Exception_012"],
  "38": ["Exception", "Exception_001"], // addressed to a bankrupt company
  "40": ["Exception", "Exception_010"], // import not authorised, returning
  "42": ["Exception", "Exception_010"],
  "43": ["Exception", "Exception_004"], // seized by customs
  "45": ["InTransit", "InTransit_003"],
  "46": ["AttemptFail", "AttemptFail_001"],
  "47": ["Exception", "Exception_016"], // delivery round cancelled
  "48": ["Exception", "Exception_010"],
  "49": ["Exception", "Exception_010"], // too large to handle
  "50": ["Exception", "Exception_013"], // stolen
  "51": ["Exception", "Exception_013"],
  "52": ["Exception", "Exception_013"],
  "53": ["InTransit", "InTransit_001"], // reprinted and sent again
  "54": ["Exception", "Exception_006"], // import tax (ICMS) due
  "55": ["Exception", "Exception_004"], // tax review requested
  "56": ["Exception", "Exception_018"], // customs declaration missing or wrong
  "57": ["InTransit", "InTransit_005"], // tax review done, released
  "58": ["Exception", "Exception_006"],
  "59": ["Exception", "Exception_006"],
  "66": ["Exception", "Exception_005"], // area with a longer delivery time
  "67": ["Delivered", "Delivered_001"],
  "68": ["Delivered", "Delivered_001"], // smart mailbox
  "69": ["Exception", "Exception_005"], // delayed
  "70": ["Delivered", "Delivered_001"],
  "77": ["AvailableForPickup", "AvailableForPickup_001"], // in a locker
  "80": ["Exception", "Exception_013"],
  "86": ["Exception", "Exception_012"],
  "98": ["Exception", "Exception_013"],
};

/** SRO events keyed `CODE-TT` (`codigo` and two-digit `tipo` of `eventos[]`). */
export const CORREIOS_EVENT_CODES: Record<string, TagSubtag> = {
  ...Object.fromEntries(
    ["BDE", "BDI", "BDR"].flatMap((code) => Object.entries(DELIVERY_OUTCOMES).map(([type, status]) => [`${code}-${type}`, status] as const)),
  ),
  "PO-01": ["InTransit", "InTransit_002"], // posted
  "PO-09": ["InTransit", "InTransit_002"], // posted after the counter's cut-off
  "CO-01": ["InTransit", "InTransit_002"], // collected
  "RO-01": ["InTransit", "InTransit_007"], // sent on to the next unit
  "DO-01": ["InTransit", "InTransit_007"],
  "DO-02": ["InTransit", "InTransit_007"],
  "PMT-01": ["InTransit", "InTransit_007"],
  "TRI-00": ["InTransit", "InTransit_001"],
  "CD-00": ["InTransit", "InTransit_003"], // received at a unit
  "CD-01": ["InTransit", "InTransit_003"],
  "CD-02": ["InTransit", "InTransit_003"],
  "CD-03": ["InTransit", "InTransit_003"],
  "CUN-00": ["InTransit", "InTransit_003"],
  "CUN-01": ["InTransit", "InTransit_003"],
  "CMT-00": ["InTransit", "InTransit_003"],
  "PAR-15": ["InTransit", "InTransit_004"], // export: received in the destination country
  "PAR-16": ["InTransit", "InTransit_004"], // import: received in Brazil
  "PAR-17": ["InTransit", "InTransit_005"], // released by customs
  "PAR-18": ["InTransit", "InTransit_001"], // received at the export unit
  "OEC-01": ["OutForDelivery", "OutForDelivery_001"],
  "OEC-09": ["Exception", "Exception_010"], // out for delivery to the sender
  "LDE-00": ["Exception", "Exception_010"],
  "LDE-09": ["Exception", "Exception_010"],
  "LDI-00": ["AvailableForPickup", "AvailableForPickup_001"],
  "LDI-01": ["AvailableForPickup", "AvailableForPickup_001"],
  "LDI-02": ["AvailableForPickup", "AvailableForPickup_001"],
  "LDI-03": ["AvailableForPickup", "AvailableForPickup_001"],
  "LDI-14": ["AvailableForPickup", "AvailableForPickup_001"],
  "FC-01": ["Exception", "Exception_010"], // returned at the sender's request
  "FC-04": ["Exception", "Exception_007"],
  "FC-07": ["AttemptFail", "AttemptFail_003"],
  "BLQ-01": ["Exception", "Exception_001"], // delivery blocked at the sender's request
  ...Object.fromEntries(["01", "02", "03", "04", "05", "06", "07"].map((type) => [`IDC-${type}`, ["Exception", "Exception_013"] as TagSubtag])),
};

/** "BDE" and "01" (or "1", or 1) → "BDE-01": the key of `CORREIOS_EVENT_CODES` and the checkpoint's raw tag. */
export function correiosEventKey(code: string | null | undefined, type: string | number | null | undefined): string | null {
  const name = code?.trim().toUpperCase();
  if (!name) return null;
  const kind = String(type ?? "").trim();
  return `${name}-${/^\d+$/.test(kind) ? String(Number(kind)).padStart(2, "0") : kind}`;
}

/** An event's status; null for one we do not know (EST reversals included), which inherits the one before it. */
export function correiosEventStatus(key: string | null): TagSubtag | null {
  return lookupStatus(CORREIOS_EVENT_CODES, key) ?? null;
}
