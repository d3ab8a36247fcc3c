import type { KlaviyoMetricKind } from "@/db/schema";
import type { Tag } from "@/lib/tags";
import type { StoredChange } from "@/lib/trackings/changes/read-changes";

/** The metric names a merchant starts from; each can be renamed or left blank (not sent). */
export const DEFAULT_METRIC_NAMES: Record<KlaviyoMetricKind, string> = {
  created: "Shipment Created",
  info_received: "Shipment Info Received",
  in_transit: "Shipment In Transit",
  out_for_delivery: "Shipment Out For Delivery",
  available_for_pickup: "Shipment Available For Pickup",
  failed_attempt: "Shipment Failed Attempt",
  delivered: "Shipment Delivered",
  exception: "Shipment Exception",
  expired: "Shipment Expired",
  estimate_revised: "Shipment Delivery Estimate Changed",
  attention: "Shipment Attention",
};

export const METRIC_KINDS = Object.keys(DEFAULT_METRIC_NAMES) as KlaviyoMetricKind[];

const BY_TAG: Partial<Record<Tag, KlaviyoMetricKind>> = {
  InfoReceived: "info_received",
  InTransit: "in_transit",
  OutForDelivery: "out_for_delivery",
  AvailableForPickup: "available_for_pickup",
  AttemptFail: "failed_attempt",
  Delivered: "delivered",
  Exception: "exception",
  Expired: "expired",
};

/**
 * Which metric a change is, if any: a status reached (not every new scan: a flow starts once per
 * status), a creation, a moved estimate, a new need for attention. Deletions, corrections and
 * retracks are the merchant's business, not the shopper's.
 */
export function metricKindOf(change: Pick<StoredChange, "type" | "details" | "record">): KlaviyoMetricKind | null {
  switch (change.type) {
    case "tracking.created":
      return "created";
    case "tracking.updated":
    case "tracking.completed":
      return change.details.tag_changed === true ? (BY_TAG[change.record.tracking.tag as Tag] ?? null) : null;
    case "tracking.estimate_revised":
      return "estimate_revised";
    case "tracking.attention_flagged":
      return "attention";
    default:
      return null;
  }
}
