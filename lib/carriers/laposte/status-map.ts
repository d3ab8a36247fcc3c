import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/** Suivi v2 event codes (`shipment.event[].code`), read before any label. */
export const LAPOSTE_EVENT_CODES: Record<string, TagSubtag> = {
  DR1: ["InfoReceived", "InfoReceived_001"],
  DR2: ["Exception", "Exception_001"],
  PC1: ["InTransit", "InTransit_002"],
  PC2: ["InTransit", "InTransit_002"],
  ET1: ["InTransit", "InTransit_001"],
  ET2: ["InTransit", "InTransit_001"],
  ET3: ["InTransit", "InTransit_004"],
  ET4: ["InTransit", "InTransit_001"],
  EP1: ["InTransit", "InTransit_001"],
  DO1: ["InTransit", "InTransit_006"],
  DO2: ["InTransit", "InTransit_005"],
  DO3: ["Exception", "Exception_004"],
  PB1: ["Exception", "Exception_001"],
  PB2: ["InTransit", "InTransit_008"],
  MD2: ["OutForDelivery", "OutForDelivery_001"],
  ND1: ["AttemptFail", "AttemptFail_001"],
  AG1: ["AvailableForPickup", "AvailableForPickup_001"],
  RE1: ["Exception", "Exception_010"],
  DI0: ["Delivered", "Delivered_001"],
  DI1: ["Delivered", "Delivered_001"],
  DI2: ["Exception", "Exception_011"],
  DI3: ["Exception", "Exception_005"],
  ID0: ["InTransit", "InTransit_006"],
};

/** An event's status; null for a code we do not know, which then inherits the one before it. */
export function laposteEventStatus(code: string | null | undefined): TagSubtag | null {
  return lookupStatus(LAPOSTE_EVENT_CODES, code?.toUpperCase()) ?? null;
}
