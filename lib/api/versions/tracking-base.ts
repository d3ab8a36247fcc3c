import type { Checkpoint } from "@/db/schema";
import { deriveFields, type DerivedFields } from "@/lib/trackings/derive-fields";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { subtagBefore2026 } from "@/lib/carriers/subtags";
import { isoWithOffset } from "@/lib/time";

/** Checkpoint fields every version shares; versions add or rename around them. */
export function checkpointBase(checkpoint: Checkpoint) {
  const status = subtagBefore2026(checkpoint.subtag, checkpoint.subtagMessage);
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
    subtag: status.subtag,
    subtag_message: status.message,
    raw_tag: checkpoint.rawTag,
  };
}

// Serializers build each object as one literal and add a version's own fields with Object.assign:
// spreading or rest-destructuring an object of 70 keys costs V8 ~80 µs (it falls back to a slow
// copy), which was most of a GET's own CPU and ~3 ms of a 20-row list page.

type ConfidenceKey = "confidence_score" | "confidence_code";

function waybillEstimate(t: TrackingRecord["tracking"], confidenceKey: ConfidenceKey) {
  const estimate = t.waybillEstimate;
  if (!estimate) return null;
  return {
    estimated_delivery_date: estimate.estimated_delivery_date,
    [confidenceKey]: confidenceKey === "confidence_score" ? estimate.confidence_score : (estimate.confidence_code ?? null),
    estimated_delivery_date_min: estimate.estimated_delivery_date_min,
    estimated_delivery_date_max: estimate.estimated_delivery_date_max,
  };
}

/** The best known estimate as `latest_estimated_delivery` describes it; null without one. */
export function latestEstimatedDelivery(t: TrackingRecord["tracking"], derived: DerivedFields) {
  if (!derived.estimatedDeliveryDate) return null;
  return {
    type: "specific",
    source: t.expectedDelivery ? "Carrier EDD" : "Waybill EDD",
    datetime: derived.estimatedDeliveryDate,
    datetime_min: null,
    datetime_max: null,
  };
}

/**
 * The fields every version names alike, with every derived field; each version adds its own.
 * `confidenceKey` is `confidence_score` in v4 and `confidence_code` later.
 */
export function trackingCore(record: TrackingRecord, derived: DerivedFields, confidenceKey: ConfidenceKey) {
  const { tracking: t } = record;
  const status = subtagBefore2026(t.subtag, t.subtagMessage);
  return {
    id: t.id,
    tracking_number: t.trackingNumber,
    title: t.title,
    note: t.note,
    slug: t.slug,
    active: t.active,
    tag: t.tag,
    subtag: status.subtag,
    subtag_message: status.message,
    tracked_count: t.trackedCount,
    source: t.source,
    language: t.language,
    created_at: isoWithOffset(t.createdAt),
    updated_at: isoWithOffset(t.updatedAt),
    origin_state: t.originState,
    origin_city: t.originCity,
    origin_postal_code: t.originPostalCode,
    origin_raw_location: t.originRawLocation,
    destination_state: t.destinationState,
    destination_city: t.destinationCity,
    destination_postal_code: t.destinationPostalCode,
    destination_raw_location: t.destinationRawLocation,
    order_id: t.orderId,
    order_id_path: t.orderIdPath,
    order_number: t.orderNumber,
    order_date: t.orderDate,
    order_tags: t.orderTags,
    order_promised_delivery_date: t.orderPromisedDeliveryDate,
    subscribed_emails: [] as string[],
    subscribed_smses: [] as string[],
    custom_fields: t.customFields ?? null,
    return_to_sender: derived.returnToSender,
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
    tracking_key: t.trackingKey,
    tracking_ship_date: t.trackingShipDate,
    courier_tracking_link: derived.courierTrackingLink,
    courier_redirect_link: derived.courierRedirectLink,
    first_attempted_at: derived.firstAttemptedAt,
    on_time_status: derived.onTimeStatus,
    on_time_difference: derived.onTimeDifference,
    waybill_estimated_delivery_date: waybillEstimate(t, confidenceKey),
    custom_estimated_delivery_date: null,
    first_estimated_delivery: null,
    courier_connection_id: t.courierConnectionId,
    unique_token: "deprecated",
  };
}

/** The legacy (v4, 2024-07) field set: the core plus the fields 2025-04 renamed or dropped. */
export function legacyTracking(record: TrackingRecord, confidenceKey: ConfidenceKey) {
  const { tracking: t } = record;
  const derived = deriveFields(record);
  return Object.assign(trackingCore(record, derived, confidenceKey), {
    last_updated_at: isoWithOffset(t.lastUpdatedAt),
    origin_country_iso3: t.originCountryIso3,
    destination_country_iso3: t.destinationCountryIso3,
    courier_destination_country_iso3: t.courierDestinationCountryIso3,
    customer_name: t.customerName,
    emails: t.emails,
    smses: t.smses,
    expected_delivery: t.expectedDelivery,
    tracking_origin_country: t.trackingOriginCountry,
    tracking_destination_country: t.trackingDestinationCountry,
    tracking_postal_code: t.trackingPostalCode,
    tracking_state: t.trackingState,
    latest_estimated_delivery: latestEstimatedDelivery(t, derived),
  });
}

/** Keeps the requested top-level fields (a `fields=a,b` parameter); the id always stays. */
export function pickFields<T extends Record<string, unknown>>(object: T, fields: string | null): Partial<T> {
  if (!fields) return object;
  const wanted = new Set(
    fields
      .split(",")
      .map((field) => field.trim())
      .filter(Boolean),
  );
  if (wanted.size === 0) return object;
  wanted.add("id");
  return Object.fromEntries(Object.entries(object).filter(([key]) => wanted.has(key))) as Partial<T>;
}
