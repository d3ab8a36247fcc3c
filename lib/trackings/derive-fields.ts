import type { Checkpoint, Tracking } from "@/db/schema";
import { getCourier } from "@/lib/couriers/get-courier";
import { courierTrackingLink } from "@/lib/couriers/missing-required-fields";
import { daysBetween, isoDate, isoWithOffset } from "@/lib/time";
import { additionalFieldsOf } from "./tracking-patch";
import type { TrackingRecord } from "./tracking-record";

const RETURN_SUBTAGS = new Set(["Exception_010", "Exception_011"]);
const BEFORE_PICKUP = new Set(["Pending", "InfoReceived"]);

/** True once any checkpoint says the parcel is going or went back to the sender. */
export function isReturnToSender(checkpoints: Pick<Checkpoint, "subtag">[]): boolean {
  return checkpoints.some((checkpoint) => RETURN_SUBTAGS.has(checkpoint.subtag));
}

function pickupCheckpoint(checkpoints: Checkpoint[]): Checkpoint | undefined {
  return checkpoints.find((checkpoint) => !BEFORE_PICKUP.has(checkpoint.tag) && checkpoint.source === "carrier");
}

function deliveryCheckpoint(checkpoints: Checkpoint[]): Checkpoint | undefined {
  return checkpoints.findLast((checkpoint) => checkpoint.tag === "Delivered");
}

/** The instant of a checkpoint: its offset-aware time, else its local time read as UTC. */
function checkpointInstant(checkpoint: Checkpoint): string | null {
  return isoWithOffset(checkpoint.occurredAt ?? new Date(`${checkpoint.checkpointTime}Z`));
}

export interface DerivedFields {
  returnToSender: boolean;
  /** Days from pickup to delivery (or to today while under way); null before pickup. */
  transitTimeDays: number | null;
  shipmentPickupDate: string | null;
  shipmentDeliveryDate: string | null;
  firstAttemptedAt: string | null;
  onTimeStatus: "on-time" | "late" | "trending-on-time" | "trending-late" | null;
  onTimeDifference: number | null;
  courierTrackingLink: string | null;
  courierRedirectLink: string | null;
  /** The best known delivery estimate: the carrier's, else ours. */
  estimatedDeliveryDate: string | null;
}

function onTime(tracking: Tracking, deliveryDate: string | null, estimate: string | null) {
  const promised = tracking.orderPromisedDeliveryDate;
  if (!promised) return { onTimeStatus: null, onTimeDifference: null };
  const actual = deliveryDate ?? estimate;
  if (!actual) return { onTimeStatus: null, onTimeDifference: null };
  const lateByDays = daysBetween(promised, actual);
  const late = lateByDays > 0;
  const onTimeStatus = deliveryDate ? (late ? "late" : "on-time") : late ? "trending-late" : "trending-on-time";
  return { onTimeStatus, onTimeDifference: Math.max(0, lateByDays) } as const;
}

/** Every field computed from a tracking and its checkpoints, in one place. */
export function deriveFields(record: TrackingRecord, now = new Date()): DerivedFields {
  const { tracking, checkpoints } = record;
  const pickup = pickupCheckpoint(checkpoints);
  const delivery = tracking.tag === "Delivered" ? deliveryCheckpoint(checkpoints) : undefined;
  const shipmentPickupDate = tracking.shipmentPickupDate ?? pickup?.checkpointTime ?? null;
  const shipmentDeliveryDate = tracking.shipmentDeliveryDate ?? delivery?.checkpointTime ?? null;
  const transitTimeDays = shipmentPickupDate ? daysBetween(shipmentPickupDate, shipmentDeliveryDate ?? isoDate(now)) : null;
  const attempt = checkpoints.find((checkpoint) => checkpoint.tag === "AttemptFail" || checkpoint.tag === "Delivered");
  const estimatedDeliveryDate = tracking.expectedDelivery?.slice(0, 10) ?? tracking.waybillEstimate?.estimated_delivery_date ?? null;
  const courier = getCourier(tracking.slug);
  const link = courier ? courierTrackingLink(courier, tracking.trackingNumber, additionalFieldsOf(tracking)) : null;
  return {
    returnToSender: isReturnToSender(checkpoints),
    transitTimeDays,
    shipmentPickupDate,
    shipmentDeliveryDate,
    firstAttemptedAt: isoWithOffset(tracking.firstAttemptedAt) ?? (attempt ? checkpointInstant(attempt) : null),
    ...onTime(tracking, shipmentDeliveryDate, estimatedDeliveryDate),
    courierTrackingLink: link,
    courierRedirectLink: link,
    estimatedDeliveryDate,
  };
}
