import type { TagSubtag } from "@/lib/carriers/subtags";
import { lookupStatus } from "@/lib/carriers/subtags";

/**
 * 17TRACK's sub-statuses (v2.4 `sub_status`, on each event and in `latest_status`) → tag and
 * subtag. NotFound and Expired say nothing of the parcel: Waybill's own Pending and Expired rules decide.
 */
export const TRACK17_SUB_STATUSES: Readonly<Record<string, TagSubtag | null>> = {
  NotFound_Other: null,
  NotFound_InvalidCode: null,
  InfoReceived: ["InfoReceived", "InfoReceived_001"],
  InTransit_PickedUp: ["InTransit", "InTransit_002"],
  InTransit_Departure: ["InTransit", "InTransit_007"],
  InTransit_Arrival: ["InTransit", "InTransit_004"],
  InTransit_CustomsProcessing: ["InTransit", "InTransit_006"],
  InTransit_CustomsReleased: ["InTransit", "InTransit_005"],
  InTransit_CustomsRequiringInformation: ["Exception", "Exception_004"],
  InTransit_Other: ["InTransit", "InTransit_001"],
  AvailableForPickup_Other: ["AvailableForPickup", "AvailableForPickup_001"],
  OutForDelivery_Other: ["OutForDelivery", "OutForDelivery_001"],
  DeliveryFailure_NoBody: ["AttemptFail", "AttemptFail_002"],
  DeliveryFailure_InvalidAddress: ["Exception", "Exception_007"],
  DeliveryFailure_Rejected: ["Exception", "Exception_003"],
  DeliveryFailure_Security: ["Exception", "Exception_006"],
  DeliveryFailure_Other: ["AttemptFail", "AttemptFail_001"],
  Delivered_Other: ["Delivered", "Delivered_001"],
  Exception_Returning: ["Exception", "Exception_010"],
  Exception_Returned: ["Exception", "Exception_011"],
  Exception_NoBody: ["Exception", "Exception_007"],
  Exception_Security: ["Exception", "Exception_006"],
  Exception_Damage: ["Exception", "Exception_012"],
  Exception_Damaged: ["Exception", "Exception_012"],
  Exception_Rejected: ["Exception", "Exception_003"],
  Exception_Delayed: ["Exception", "Exception_005"],
  Exception_Lost: ["Exception", "Exception_013"],
  Exception_Destroyed: ["Exception", "Exception_013"],
  Exception_Cancel: ["Exception", "Exception_001"],
  Exception_Other: ["Exception", "Exception_001"],
  Expired_Other: null,
};

/** A main status alone (`InTransit`), when an event has no sub-status: its `_Other` entry. */
export function track17Status(subStatus: string | null | undefined, stage?: string | null): TagSubtag | null {
  const direct = lookupStatus(TRACK17_SUB_STATUSES, subStatus);
  if (direct !== undefined) return direct;
  const main = (subStatus ?? stage ?? "").split("_")[0];
  if (main === "InfoReceived") return TRACK17_SUB_STATUSES.InfoReceived ?? null;
  return lookupStatus(TRACK17_SUB_STATUSES, `${main}_Other`) ?? null;
}
