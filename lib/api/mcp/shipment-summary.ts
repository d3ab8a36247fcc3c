import { checkpointPlace } from "@/lib/trackings/checkpoint-place";
import { courierName } from "@/lib/trackings/not-trackable";
import { trackingPageUrl } from "@/lib/trackings/page/links";
import { estimateOf } from "@/lib/trackings/insights/contribution";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { isoWithOffset } from "@/lib/time";

/** A checkpoint as an assistant reads it. */
function scanOf(checkpoint: TrackingRecord["checkpoints"][number]) {
  return {
    time: checkpoint.checkpointTime,
    status: checkpoint.tag,
    message: checkpoint.message,
    location: checkpointPlace(checkpoint),
  };
}

/**
 * What an assistant is told of a shipment: its number, courier, status, estimate, order and last
 * scan, and the shopper's page. No contact detail leaves: an assistant has no need of them.
 */
export function shipmentSummary(record: TrackingRecord) {
  const { tracking, checkpoints } = record;
  const last = checkpoints.at(-1);
  return {
    id: tracking.id,
    tracking_number: tracking.trackingNumber,
    courier: { slug: tracking.slug, name: courierName(tracking.slug) },
    status: tracking.tag,
    status_detail: tracking.subtagMessage,
    order_number: tracking.orderNumber ?? tracking.orderId,
    title: tracking.title,
    estimated_delivery: estimateOf(tracking),
    delivered_at: isoWithOffset(tracking.deliveredAt),
    needs_attention: tracking.needsAttention,
    last_scan: last ? scanOf(last) : null,
    tracking_page_url: trackingPageUrl(tracking.organizationId, tracking.id),
    updated_at: isoWithOffset(tracking.lastUpdatedAt),
  };
}

/** The whole timeline, oldest first, with the estimate and its confidence. */
export function shipmentTimeline(record: TrackingRecord) {
  const estimate = record.tracking.waybillEstimate;
  return {
    ...shipmentSummary(record),
    estimate: estimate
      ? {
          date: estimate.estimated_delivery_date,
          earliest: estimate.estimated_delivery_date_min,
          latest: estimate.estimated_delivery_date_max,
          confidence: estimate.confidence_score,
        }
      : null,
    carrier_estimate: record.tracking.expectedDelivery,
    timeline: record.checkpoints.map(scanOf),
  };
}
