import type { TagSubtag } from "@/lib/carriers/subtags";
import { lookupStatus } from "@/lib/carriers/subtags";

/** Ship24's `statusCode` → tag and subtag (its taxonomy is close to the compatible API's subtags). */
export const SHIP24_STATUS_CODES: Readonly<Record<string, TagSubtag>> = {
  data_order_created: ["InfoReceived", "InfoReceived_001"],
  data_order_cancelled: ["Exception", "Exception_001"],
  data_delivery_proposed: ["InTransit", "InTransit_001"],
  data_delivery_decided: ["OutForDelivery", "OutForDelivery_004"],
  transit_handover: ["InTransit", "InTransit_002"],
  transit_origin_country_departure: ["InTransit", "InTransit_007"],
  destination_arrival: ["InTransit", "InTransit_004"],
  customs_received: ["InTransit", "InTransit_006"],
  customs_cleared: ["InTransit", "InTransit_005"],
  customs_exception: ["Exception", "Exception_004"],
  customs_rejected: ["Exception", "Exception_009"],
  delivery_available_for_pickup: ["AvailableForPickup", "AvailableForPickup_001"],
  delivery_out_for_delivery: ["OutForDelivery", "OutForDelivery_001"],
  delivery_attempted: ["AttemptFail", "AttemptFail_001"],
  delivery_exception: ["Exception", "Exception_001"],
  delivery_refused: ["Exception", "Exception_003"],
  delivery_delivered: ["Delivered", "Delivered_001"],
  exception_return: ["Exception", "Exception_010"],
  exception_lost: ["Exception", "Exception_013"],
  exception_discarded: ["Exception", "Exception_013"],
};

/** `statusMilestone`, when an event has no status code. Pending says nothing of the parcel. */
export const SHIP24_MILESTONES: Readonly<Record<string, TagSubtag | null>> = {
  pending: null,
  info_received: ["InfoReceived", "InfoReceived_001"],
  in_transit: ["InTransit", "InTransit_001"],
  out_for_delivery: ["OutForDelivery", "OutForDelivery_001"],
  failed_attempt: ["AttemptFail", "AttemptFail_001"],
  available_for_pickup: ["AvailableForPickup", "AvailableForPickup_001"],
  delivered: ["Delivered", "Delivered_001"],
  exception: ["Exception", "Exception_001"],
};

export function ship24Status(statusCode: string | null | undefined, milestone: string | null | undefined): TagSubtag | null {
  return lookupStatus(SHIP24_STATUS_CODES, statusCode) ?? lookupStatus(SHIP24_MILESTONES, milestone) ?? null;
}
