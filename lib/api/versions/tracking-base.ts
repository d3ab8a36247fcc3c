import type { Checkpoint } from "@/db/schema";
import { deriveFields } from "@/lib/trackings/derive-fields";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { isoWithOffset } from "@/lib/time";

/** Checkpoint fields every version shares; versions add or rename around them. */
export function checkpointBase(checkpoint: Checkpoint) {
  return {
    slug: checkpoint.slug,
    created_at: isoWithOffset(checkpoint.createdAt),
    checkpoint_time: checkpoint.checkpointTime,
    location: checkpoint.location,
    city: checkpoint.city,
    state: checkpoint.state,
    zip: checkpoint.zip,
    message: checkpoint.message,
    tag: checkpoint.tag,
    subtag: checkpoint.subtag,
    subtag_message: checkpoint.subtagMessage,
    raw_tag: checkpoint.rawTag,
  };
}

/**
 * The tracking in the legacy (v4) field set, with every derived field: the versions start from it.
 * `estimateConfidenceKey` is `confidence_score` in v4 and `confidence_code` later.
 */
export function trackingBase(record: TrackingRecord, estimateConfidenceKey: "confidence_score" | "confidence_code") {
  const { tracking: t } = record;
  const derived = deriveFields(record);
  const estimate = t.waybillEstimate
    ? {
        estimated_delivery_date: t.waybillEstimate.estimated_delivery_date,
        [estimateConfidenceKey]:
          estimateConfidenceKey === "confidence_score" ? t.waybillEstimate.confidence_score : (t.waybillEstimate.confidence_code ?? null),
        estimated_delivery_date_min: t.waybillEstimate.estimated_delivery_date_min,
        estimated_delivery_date_max: t.waybillEstimate.estimated_delivery_date_max,
      }
    : null;
  return {
    id: t.id,
    tracking_number: t.trackingNumber,
    title: t.title,
    note: t.note,
    slug: t.slug,
    active: t.active,
    tag: t.tag,
    subtag: t.subtag,
    subtag_message: t.subtagMessage,
    tracked_count: t.trackedCount,
    source: t.source,
    language: t.language,
    created_at: isoWithOffset(t.createdAt),
    updated_at: isoWithOffset(t.updatedAt),
    last_updated_at: isoWithOffset(t.lastUpdatedAt),
    origin_country_iso3: t.originCountryIso3,
    origin_state: t.originState,
    origin_city: t.originCity,
    origin_postal_code: t.originPostalCode,
    origin_raw_location: t.originRawLocation,
    destination_country_iso3: t.destinationCountryIso3,
    destination_state: t.destinationState,
    destination_city: t.destinationCity,
    destination_postal_code: t.destinationPostalCode,
    destination_raw_location: t.destinationRawLocation,
    courier_destination_country_iso3: t.courierDestinationCountryIso3,
    order_id: t.orderId,
    order_id_path: t.orderIdPath,
    order_number: t.orderNumber,
    order_date: t.orderDate,
    order_tags: t.orderTags,
    order_promised_delivery_date: t.orderPromisedDeliveryDate,
    customer_name: t.customerName,
    emails: t.emails,
    smses: t.smses,
    subscribed_emails: [] as string[],
    subscribed_smses: [] as string[],
    custom_fields: t.customFields ?? null,
    return_to_sender: derived.returnToSender,
    expected_delivery: t.expectedDelivery,
    signed_by: t.signedBy,
    shipment_type: t.shipmentType,
    shipment_tags: t.shipmentTags,
    shipment_package_count: t.shipmentPackageCount,
    shipment_pickup_date: derived.shipmentPickupDate,
    shipment_delivery_date: derived.shipmentDeliveryDate,
    transit_time: derived.transitTimeDays,
    last_mile_tracking_supported: null,
    delivery_type: t.deliveryType,
    pickup_location: t.pickupLocation,
    pickup_note: t.pickupNote,
    tracking_account_number: t.trackingAccountNumber,
    tracking_origin_country: t.trackingOriginCountry,
    tracking_destination_country: t.trackingDestinationCountry,
    tracking_key: t.trackingKey,
    tracking_postal_code: t.trackingPostalCode,
    tracking_ship_date: t.trackingShipDate,
    tracking_state: t.trackingState,
    courier_tracking_link: derived.courierTrackingLink,
    courier_redirect_link: derived.courierRedirectLink,
    first_attempted_at: derived.firstAttemptedAt,
    on_time_status: derived.onTimeStatus,
    on_time_difference: derived.onTimeDifference,
    waybill_estimated_delivery_date: estimate,
    custom_estimated_delivery_date: null,
    first_estimated_delivery: null,
    latest_estimated_delivery: derived.estimatedDeliveryDate
      ? {
          type: "specific",
          source: t.expectedDelivery ? "Carrier EDD" : "Waybill EDD",
          datetime: derived.estimatedDeliveryDate,
          datetime_min: null,
          datetime_max: null,
        }
      : null,
    courier_connection_id: t.courierConnectionId,
    unique_token: "deprecated",
  };
}

/** Keeps the requested top-level fields (a `fields=a,b` parameter); the id always stays. */
export function pickFields<T extends Record<string, unknown>>(object: T, fields: string | null): Partial<T> {
  if (!fields) return object;
  const wanted = new Set(fields.split(",").map((field) => field.trim()).filter(Boolean));
  if (wanted.size === 0) return object;
  wanted.add("id");
  return Object.fromEntries(Object.entries(object).filter(([key]) => wanted.has(key))) as Partial<T>;
}
