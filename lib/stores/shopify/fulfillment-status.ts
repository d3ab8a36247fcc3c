/** Shopify's fulfilment event statuses (Admin GraphQL `FulfillmentEventStatus`, 2026-10) that Waybill sends. */
export type FulfillmentEventStatus =
  "CONFIRMED" | "CARRIER_PICKED_UP" | "IN_TRANSIT" | "DELAYED" | "OUT_FOR_DELIVERY" | "ATTEMPTED_DELIVERY" | "READY_FOR_PICKUP" | "DELIVERED" | "FAILURE";

// Delayed by customs, by outside factors, or held for payment: the parcel still comes.
const DELAYS = new Set(["Exception_004", "Exception_005", "Exception_006"]);

const BY_TAG: Record<string, FulfillmentEventStatus> = {
  InfoReceived: "CONFIRMED",
  InTransit: "IN_TRANSIT",
  OutForDelivery: "OUT_FOR_DELIVERY",
  AttemptFail: "ATTEMPTED_DELIVERY",
  AvailableForPickup: "READY_FOR_PICKUP",
  Delivered: "DELIVERED",
  Exception: "FAILURE",
};

/** The fulfilment event status for a tracking's tag and subtag; null for Pending and Expired (nothing to say). */
export function fulfillmentEventStatus(tag: string, subtag: string): FulfillmentEventStatus | null {
  // InTransit_002: the carrier accepted the parcel (its first scan).
  if (subtag === "InTransit_002") return "CARRIER_PICKED_UP";
  if (tag === "Exception" && DELAYS.has(subtag)) return "DELAYED";
  return BY_TAG[tag] ?? null;
}

// How far a parcel has come; a fulfilment is as far as its least advanced parcel.
const PROGRESS: FulfillmentEventStatus[] = ["CONFIRMED", "CARRIER_PICKED_UP", "IN_TRANSIT", "OUT_FOR_DELIVERY", "READY_FOR_PICKUP", "DELIVERED"];
// News that cannot wait for the other parcels, worst first.
const TROUBLE: FulfillmentEventStatus[] = ["FAILURE", "ATTEMPTED_DELIVERY", "DELAYED"];

/**
 * A fulfilment's status from its parcels' (it carries one event stream however many numbers it
 * has): a parcel's trouble at once, else the least advanced parcel's progress, so it is delivered
 * when every parcel is. A parcel without news counts as confirmed; null when none has any.
 */
export function fulfilmentStatusOf(parcels: Array<{ tag: string; subtag: string }>): FulfillmentEventStatus | null {
  const statuses = parcels.map((parcel) => fulfillmentEventStatus(parcel.tag, parcel.subtag));
  if (statuses.every((status) => status === null)) return null;
  const trouble = TROUBLE.find((status) => statuses.includes(status));
  if (trouble) return trouble;
  return PROGRESS[Math.min(...statuses.map((status) => (status ? PROGRESS.indexOf(status) : 0)))]!;
}
