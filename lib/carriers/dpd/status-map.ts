import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/**
 * ParcelLifeCycleService `statusInfo[].status` values seen in DPD Belgium/Netherlands answers
 * (research/carriers.md §10; DPD publishes no complete list). A status not listed inherits the one before it.
 */
export const DPD_STATUSES: Record<string, TagSubtag> = {
  PickedUp: ["InTransit", "InTransit_002"],
  BetweenDepots: ["InTransit", "InTransit_001"],
  Depot: ["InTransit", "InTransit_003"],
  Courier: ["OutForDelivery", "OutForDelivery_001"],
  DeliveryFailure: ["AttemptFail", "AttemptFail_001"],
  // "After an unsuccessful delivery attempt the parcel is back at the recipient depot."
  ReturningFromDelivery: ["AttemptFail", "AttemptFail_001"],
  ParcelShop: ["AvailableForPickup", "AvailableForPickup_001"],
  Delivered: ["Delivered", "Delivered_001"],
};

export function dpdEventStatus(status: string): TagSubtag | null {
  return lookupStatus(DPD_STATUSES, status) ?? null;
}
