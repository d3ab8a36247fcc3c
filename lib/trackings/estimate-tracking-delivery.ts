import type { WaybillEstimate } from "@/db/schema";
import { deriveFields } from "@/lib/trackings/derive-fields";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { predictDelivery } from "@/lib/edd/predict-delivery";
import { type ConfidenceCode } from "@/lib/edd/score-confidence";
import { localDateTime, trackingLane, utcDateTime } from "@/lib/edd/tracking-lane";
import { type EddModel } from "@/lib/edd/types";
import { type PredictionRequest } from "@/lib/edd/types";

/** What `trackings.waybill_estimate` holds: the versions show the score (v4) or the code (2024-07 on). */
export interface TrackingEstimate extends WaybillEstimate {
  confidence_code: ConfidenceCode;
}

/**
 * The prediction request of a tracking. Pickup: the first carrier scan (in its local time), else
 * the ship date the merchant gave, else an order placed when the tracking was created, ready the
 * same business day before the cutoff.
 */
export function trackingPredictionRequest(record: TrackingRecord): PredictionRequest {
  const { tracking } = record;
  const scanned = localDateTime(deriveFields(record).shipmentPickupDate);
  const pickupTime = scanned ?? (tracking.pickedUpAt ? utcDateTime(tracking.pickedUpAt) : localDateTime(tracking.trackingShipDate));
  return {
    ...trackingLane(tracking),
    pickupTime,
    estimatedPickup: pickupTime ? null : { orderTime: utcDateTime(tracking.createdAt) },
  };
}

export function estimateTrackingDelivery(model: EddModel, record: TrackingRecord): TrackingEstimate {
  const prediction = predictDelivery(model, trackingPredictionRequest(record), { organizationId: record.tracking.organizationId });
  return {
    estimated_delivery_date: prediction.estimatedDeliveryDate,
    estimated_delivery_date_min: prediction.estimatedDeliveryDateMin,
    estimated_delivery_date_max: prediction.estimatedDeliveryDateMax,
    confidence_score: prediction.confidenceScore,
    confidence_code: prediction.confidenceCode,
  };
}
