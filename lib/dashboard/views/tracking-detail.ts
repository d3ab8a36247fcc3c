import type { Checkpoint } from "@/db/schema";
import { getCourier } from "@/lib/couriers/get-courier";
import { FIELD_NAMES_2025_04 } from "@/lib/couriers/field-names-2025";
import { deriveFields } from "@/lib/trackings/derive-fields";
import { contactsOf } from "@/lib/trackings/notification-contacts";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { isoWithOffset } from "@/lib/time";
import type { CheckpointView, NotTrackableView, TrackingDetail, TrackingSummary } from "../types";

/**
 * The dashboard's own view of a tracking, built from the domain record: what a person reads on the
 * detail page. It names fields as the 2025-04 API does, so both read alike, but no API version's
 * serializer shapes it, so a version can be frozen without changing the dashboard.
 */
export function trackingDetailView(record: TrackingRecord, notTrackable: NotTrackableView | null = null): TrackingDetail {
  const { tracking: t } = record;
  const derived = deriveFields(record);
  const courier = getCourier(t.slug);
  const checkpoints = record.checkpoints.map(checkpointView);
  const latest = checkpoints.at(-1);
  return {
    id: t.id,
    tracking_number: t.trackingNumber,
    slug: t.slug,
    courier_name: courier?.name ?? t.slug,
    title: t.title,
    tag: t.tag,
    subtag: t.subtag,
    subtag_message: t.subtagMessage,
    active: t.active,
    note: t.note,
    source: t.source,
    language: t.language,
    order_id: t.orderId,
    order_number: t.orderNumber,
    order_date: t.orderDate,
    order_promised_delivery_date: t.orderPromisedDeliveryDate,
    customer_name: t.customerName,
    origin_country_region: t.originCountryIso3,
    destination_country_region: t.destinationCountryIso3,
    destination_city: t.destinationCity,
    destination_state: t.destinationState,
    destination_postal_code: t.destinationPostalCode,
    tracking_account_number: t.trackingAccountNumber,
    tracking_key: t.trackingKey,
    tracking_ship_date: t.trackingShipDate,
    shipment_type: t.shipmentType,
    signed_by: t.signedBy,
    shipment_pickup_date: derived.shipmentPickupDate,
    shipment_delivery_date: derived.shipmentDeliveryDate,
    transit_time: derived.transitTimeDays,
    on_time_status: derived.onTimeStatus,
    courier_tracking_link: derived.courierTrackingLink,
    created_at: isoWithOffset(t.createdAt)!,
    updated_at: isoWithOffset(t.updatedAt)!,
    waybill_estimated_delivery_date: t.waybillEstimate
      ? {
          estimated_delivery_date: t.waybillEstimate.estimated_delivery_date,
          estimated_delivery_date_min: t.waybillEstimate.estimated_delivery_date_min,
          estimated_delivery_date_max: t.waybillEstimate.estimated_delivery_date_max,
          confidence_code: t.waybillEstimate.confidence_code ?? null,
        }
      : null,
    courier_estimated_delivery_date: t.expectedDelivery
      ? { estimated_delivery_date: t.expectedDelivery.slice(0, 10), estimated_delivery_date_min: null, estimated_delivery_date_max: null }
      : null,
    latest_estimated_delivery: derived.estimatedDeliveryDate
      ? { datetime: derived.estimatedDeliveryDate, source: t.expectedDelivery ? "Carrier EDD" : "Waybill EDD" }
      : null,
    customers: t.customers.map(({ name, email, phone_number }) => ({ name, email, phone_number })),
    ...contactsOf(t),
    checkpoints,
    latest_checkpoint: latest ? { message: latest.message, checkpoint_time: latest.checkpoint_time, location: latest.location ?? latest.city } : null,
    courier_required_fields: courier ? courier.requiredFields.map((field) => FIELD_NAMES_2025_04[field] ?? field) : [],
    not_trackable: notTrackable,
  };
}

function checkpointView(checkpoint: Checkpoint): CheckpointView {
  return {
    checkpoint_time: checkpoint.checkpointTime,
    created_at: isoWithOffset(checkpoint.createdAt),
    message: checkpoint.message,
    location: checkpoint.location,
    city: checkpoint.city,
    state: checkpoint.state,
    zip: checkpoint.zip,
    country_region: checkpoint.countryIso3,
    country_region_name: checkpoint.countryName,
    tag: checkpoint.tag,
    subtag: checkpoint.subtag,
    subtag_message: checkpoint.subtagMessage,
    source: checkpoint.source,
  };
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
