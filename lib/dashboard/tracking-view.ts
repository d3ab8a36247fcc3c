import type { Executor } from "@/db/client";
import { codec202504, couriers202504 } from "@/lib/api/versions/2025-04";
import { getCourier } from "@/lib/couriers/get-courier";
import { contactsOf } from "@/lib/trackings/notification-contacts";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { notTrackableViews } from "./not-trackable-view";
import type { CheckpointView, NotTrackableView, TrackingDetail, TrackingSummary } from "./types";

/** The tracking as the 2025-04 API serialises it, with the courier's name, the contacts and, while nobody can follow it, why. */
export function trackingDetailView(record: TrackingRecord, notTrackable: NotTrackableView | null = null): TrackingDetail {
  const serialized = codec202504.tracking(record) as unknown as Omit<TrackingDetail, "courier_name" | "customer_name" | "latest_checkpoint">;
  const courier = getCourier(record.tracking.slug);
  const checkpoints = serialized.checkpoints as CheckpointView[];
  const latest = checkpoints[checkpoints.length - 1];
  return {
    ...serialized,
    ...contactsOf(record.tracking),
    courier_name: courier?.name ?? record.tracking.slug,
    customer_name: record.tracking.customerName,
    latest_checkpoint: latest ? { message: latest.message, checkpoint_time: latest.checkpoint_time, location: latest.location ?? latest.city } : null,
    courier_required_fields: courier ? (couriers202504.courier(courier) as { required_fields: string[] }).required_fields : [],
    not_trackable: notTrackable,
  };
}

/** `trackingDetailView` with whether anybody can follow the tracking, as the organisation's settings stand now. */
export async function trackingDetailWithRoute(db: Executor, record: TrackingRecord): Promise<TrackingDetail> {
  const [notTrackable] = await notTrackableViews(db, [record.tracking]);
  return trackingDetailView(record, notTrackable ?? null);
}

/** What a row of the list shows. */
export function trackingSummaryView(record: TrackingRecord, notTrackable: NotTrackableView | null = null): TrackingSummary {
  const detail = trackingDetailView(record, notTrackable);
  return {
    id: detail.id,
    tracking_number: detail.tracking_number,
    slug: detail.slug,
    courier_name: detail.courier_name,
    title: detail.title,
    tag: detail.tag,
    subtag_message: detail.subtag_message,
    active: detail.active,
    order_id: detail.order_id,
    order_number: detail.order_number,
    customer_name: detail.customer_name,
    destination_country_region: detail.destination_country_region,
    created_at: detail.created_at,
    updated_at: detail.updated_at,
    latest_checkpoint: detail.latest_checkpoint,
    latest_estimated_delivery: detail.latest_estimated_delivery,
    not_trackable: detail.not_trackable,
  };
}
