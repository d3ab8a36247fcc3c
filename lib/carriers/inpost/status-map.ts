import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/**
 * ShipX status names (`tracking_details[].status`, the list `GET /v1/statuses` serves). Null: an
 * event that says nothing of the parcel's progress and keeps the status before it.
 */
export const INPOST_STATUSES: Record<string, TagSubtag | null> = {
  created: ["InfoReceived", "InfoReceived_001"],
  offers_prepared: ["InfoReceived", "InfoReceived_001"],
  offer_selected: ["InfoReceived", "InfoReceived_001"],
  confirmed: ["InfoReceived", "InfoReceived_001"],
  dispatched_by_sender: ["InTransit", "InTransit_002"],
  dispatched_by_sender_to_pok: ["InTransit", "InTransit_002"],
  ready_to_pickup_from_pok: ["InTransit", "InTransit_002"],
  ready_to_pickup_from_pok_registered: ["InTransit", "InTransit_002"],
  collected_from_sender: ["InTransit", "InTransit_002"],
  taken_by_courier: ["InTransit", "InTransit_002"],
  taken_by_courier_from_pok: ["InTransit", "InTransit_002"],
  taken_by_courier_from_customer_service_point: ["InTransit", "InTransit_002"],
  adopted_at_source_branch: ["InTransit", "InTransit_003"],
  sent_from_source_branch: ["InTransit", "InTransit_007"],
  adopted_at_sorting_center: ["InTransit", "InTransit_003"],
  sent_from_sorting_center: ["InTransit", "InTransit_007"],
  adopted_at_target_branch: ["InTransit", "InTransit_003"],
  readdressed: ["InTransit", "InTransit_009"],
  redirect_to_box: ["InTransit", "InTransit_009"],
  permanently_redirected_to_box_machine: ["InTransit", "InTransit_009"],
  permanently_redirected_to_customer_service_point: ["InTransit", "InTransit_009"],
  // Held in a temporary locker or a PaczkoPunkt until the target has room: still on its way.
  stack_in_box_machine: ["InTransit", "InTransit_001"],
  stack_in_customer_service_point: ["InTransit", "InTransit_001"],
  unstack_from_box_machine: ["InTransit", "InTransit_001"],
  unstack_from_customer_service_point: ["InTransit", "InTransit_001"],
  out_for_delivery: ["OutForDelivery", "OutForDelivery_001"],
  out_for_delivery_to_address: ["OutForDelivery", "OutForDelivery_001"],
  ready_to_pickup: ["AvailableForPickup", "AvailableForPickup_001"],
  ready_to_pickup_from_branch: ["AvailableForPickup", "AvailableForPickup_001"],
  pickup_reminder_sent: ["AvailableForPickup", "AvailableForPickup_001"],
  pickup_reminder_sent_address: ["AvailableForPickup", "AvailableForPickup_001"],
  courier_avizo_in_customer_service_point: ["AvailableForPickup", "AvailableForPickup_001"],
  // Avizo: the courier could not deliver and took the parcel back to the branch.
  avizo: ["AttemptFail", "AttemptFail_001"],
  delivered: ["Delivered", "Delivered_001"],
  pickup_time_expired: ["Exception", "Exception_008"],
  stack_parcel_pickup_time_expired: ["Exception", "Exception_008"],
  stack_parcel_in_box_machine_pickup_time_expired: ["Exception", "Exception_008"],
  delay_in_delivery: ["Exception", "Exception_005"],
  oversized: ["Exception", "Exception_001"],
  claimed: ["Exception", "Exception_001"],
  canceled: ["Exception", "Exception_001"],
  canceled_redirect_to_box: ["Exception", "Exception_001"],
  undelivered: ["Exception", "Exception_001"],
  undelivered_wrong_address: ["Exception", "Exception_007"],
  undelivered_incomplete_address: ["Exception", "Exception_007"],
  undelivered_unknown_receiver: ["Exception", "Exception_007"],
  undelivered_cod_cash_receiver: ["Exception", "Exception_006"],
  rejected_by_receiver: ["Exception", "Exception_003"],
  missing: ["Exception", "Exception_013"],
  returned_to_sender: ["Exception", "Exception_011"],
  other: null,
};

/** English titles of the common statuses: ShipX events carry a status name but no text. */
export const INPOST_STATUS_TITLES: Record<string, string> = {
  created: "Shipment created",
  confirmed: "Prepared by the sender",
  dispatched_by_sender: "Posted by the sender at a parcel locker",
  dispatched_by_sender_to_pok: "Posted by the sender at a PaczkoPunkt",
  collected_from_sender: "Collected from the sender",
  taken_by_courier: "Collected from the sender by the courier",
  adopted_at_source_branch: "Received at the InPost branch",
  sent_from_source_branch: "On its way",
  adopted_at_sorting_center: "Received at the sorting centre",
  sent_from_sorting_center: "Sent from the sorting centre",
  adopted_at_target_branch: "Received at the destination branch",
  out_for_delivery: "Handed to the courier for delivery",
  out_for_delivery_to_address: "Out for delivery to the address",
  ready_to_pickup: "Ready to collect at the parcel locker",
  pickup_reminder_sent: "Reminder to collect the parcel sent",
  avizo: "Not delivered: back at the branch",
  delivered: "Delivered",
  pickup_time_expired: "Not collected in time",
  returned_to_sender: "Returned to the sender",
  redirect_to_box: "Redirected to another parcel locker",
  canceled: "Label cancelled",
};

/** The tag and subtag of a ShipX status; null for informational and unknown ones, which inherit the status before. */
export function inpostStatus(status: string | null | undefined): TagSubtag | null {
  return lookupStatus(INPOST_STATUSES, status?.toLowerCase()) ?? null;
}

/** The English title of a status, or its name made readable ("adopted_at_target_branch" → "Adopted at target branch"). */
export function inpostStatusTitle(status: string): string {
  const title = lookupStatus(INPOST_STATUS_TITLES, status.toLowerCase());
  if (title) return title;
  const words = status.toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
