import { z } from "zod";
import { TAGS } from "@/lib/tags";

// What the codecs answer, as zod schemas: the OpenAPI documents are generated from them, and a test
// parses every version's golden output with them, so a field the codecs add or retype without
// describing it fails there. They mirror tracking-base.ts and each version's own additions.

const text = z.string().nullable();
const dateTime = z.string().meta({ description: "ISO 8601 date-time with its offset", example: "2026-03-08T12:00:00+00:00" });
const localDateTime = z.string().meta({ description: "Date or date-time as the carrier gave it, local, without an offset", example: "2026-03-08T12:00:00" });

export const tagSchema = z.enum(TAGS).meta({ id: "Tag", description: "The main status of a shipment or checkpoint" });

/** Checkpoint fields every version shares (checkpointBase). */
export const checkpointBaseSchema = z.object({
  slug: z.string(),
  created_at: dateTime,
  checkpoint_time: localDateTime.nullable(),
  location: text,
  city: text,
  state: text,
  zip: text,
  message: text,
  tag: tagSchema,
  subtag: z.string(),
  subtag_message: text,
  raw_tag: text,
});

export const coordinateSchema = z.object({ latitude: z.number(), longitude: z.number() }).nullable();

const estimateRange = {
  estimated_delivery_date: z.string(),
  estimated_delivery_date_min: z.string().nullable(),
  estimated_delivery_date_max: z.string().nullable(),
};

/** `waybill_estimated_delivery_date`: Waybill's own estimate, with v4's `confidence_score` or later versions' `confidence_code`. */
export function waybillEstimateSchema(confidenceKey: "confidence_score" | "confidence_code") {
  return z
    .object({ ...estimateRange, [confidenceKey]: z.number().nullable() })
    .nullable()
    .meta({ description: "Waybill's predicted delivery date and range" });
}

export const latestEstimateSchema = z
  .object({
    type: z.string(),
    source: z.string(),
    datetime: z.string(),
    datetime_min: z.string().nullable(),
    datetime_max: z.string().nullable(),
  })
  .nullable();

export const customFieldsSchema = z.record(z.string(), z.string()).nullable();

/** The fields every version names alike (trackingCore). */
export function trackingCoreFields(confidenceKey: "confidence_score" | "confidence_code") {
  return {
    id: z.string(),
    tracking_number: z.string(),
    title: text,
    note: text,
    slug: z.string(),
    active: z.boolean(),
    tag: tagSchema,
    subtag: z.string(),
    subtag_message: text,
    tracked_count: z.int(),
    source: z.string(),
    language: text,
    created_at: dateTime,
    updated_at: dateTime,
    origin_state: text,
    origin_city: text,
    origin_postal_code: text,
    origin_raw_location: text,
    destination_state: text,
    destination_city: text,
    destination_postal_code: text,
    destination_raw_location: text,
    order_id: text,
    order_id_path: text,
    order_number: text,
    order_date: text,
    order_tags: z.array(z.string()),
    order_promised_delivery_date: text,
    subscribed_emails: z.array(z.string()),
    subscribed_smses: z.array(z.string()),
    custom_fields: customFieldsSchema,
    return_to_sender: z.boolean(),
    signed_by: text,
    shipment_type: text,
    shipment_tags: z.array(z.string()),
    shipment_package_count: z.int().nullable(),
    shipment_pickup_date: localDateTime.nullable(),
    shipment_delivery_date: localDateTime.nullable(),
    transit_time: z.int().nullable().meta({ description: "Days from pickup to delivery, or to today while under way" }),
    last_mile_tracking_supported: z.boolean().nullable(),
    delivery_type: text,
    pickup_location: text,
    pickup_note: text,
    tracking_account_number: text,
    tracking_key: text,
    tracking_ship_date: text,
    courier_tracking_link: text,
    courier_redirect_link: text,
    first_attempted_at: text,
    on_time_status: z.enum(["on-time", "late", "trending-on-time", "trending-late"]).nullable(),
    on_time_difference: z.int().nullable(),
    waybill_estimated_delivery_date: waybillEstimateSchema(confidenceKey),
    custom_estimated_delivery_date: z.null(),
    first_estimated_delivery: z.null(),
    courier_connection_id: text,
    unique_token: z.string(),
  };
}

/** The fields 2025-04 renamed or dropped, as v4 and 2024-07 still answer them (legacyTracking). */
export const legacyTrackingFields = {
  last_updated_at: dateTime,
  origin_country_iso3: text,
  destination_country_iso3: text,
  courier_destination_country_iso3: text,
  customer_name: text,
  emails: z.array(z.string()),
  smses: z.array(z.string()),
  expected_delivery: text,
  tracking_origin_country: text,
  tracking_destination_country: text,
  tracking_postal_code: text,
  tracking_state: text,
  latest_estimated_delivery: latestEstimateSchema,
};

export const nextCourierSchema = z.object({ slug: z.string(), tracking_number: z.string(), source: z.string() });

/** The fields 2024-07 added over v4 (trackingExtras202407). */
export const trackingExtras202407Fields = {
  legacy_id: z.string(),
  shipment_weight: z.object({ unit: z.string().nullable(), value: z.number() }).nullable(),
  location_id: text,
  shipping_method: text,
  carbon_emissions: z.null(),
  failed_delivery_attempts: z.int(),
  signature_requirement: z.null(),
  delivery_location_type: z.null(),
};

/** Cursor paging, as from 2025-04. */
export const cursorPaginationSchema = z.object({ total: z.int(), next_cursor: z.string().nullable(), has_next_page: z.boolean() });

/** The courier object of v4 and 2024-07 (legacyCourier). */
export const legacyCourierSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    phone: text,
    other_name: text,
    web_url: text,
    required_fields: z.array(z.string()),
    optional_fields: z.array(z.string()),
    default_language: z.string(),
    support_languages: z.array(z.string()),
    service_from_country_iso3: z.array(z.string()),
  })
  .meta({ id: "Courier" });

/** The courier object from 2025-04: renamed fields and the credentials a connection needs. */
export const courier2025Schema = legacyCourierSchema
  .omit({ service_from_country_iso3: true })
  .extend({
    service_from_country_regions: z.array(z.string()),
    credentials: z.object({ fields: z.array(z.object({ name: z.string(), type: z.string(), required: z.boolean() })) }),
  })
  .meta({ id: "Courier" });

export function courierListSchema(courier: z.ZodType) {
  return z.object({ total: z.int(), couriers: z.array(courier) });
}

export const courierConnectionSchema = z
  .object({
    id: z.string(),
    courier_slug: z.string(),
    credentials: z.record(z.string(), z.unknown()).meta({ description: "The credential fields, secrets masked" }),
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: "CourierConnection" });

export const courierConnectionListSchema = z.object({ pagination: cursorPaginationSchema, courier_connections: z.array(courierConnectionSchema) });

const predictionAddress = z.looseObject({ state: text, city: text, postal_code: text, raw_location: text });

/** One answer of predict and predict-batch (predictionAnswer). */
export function predictionSchema(confidenceKey: "confidence_score" | "confidence_code") {
  return z
    .object({
      id: z.string(),
      slug: z.string(),
      service_type_name: text,
      origin_address: predictionAddress,
      destination_address: predictionAddress,
      weight: z.object({ unit: z.string(), value: z.number() }).nullable(),
      package_count: z.int().nullable(),
      pickup_time: text,
      estimated_pickup: z
        .object({
          order_time: z.string(),
          order_cutoff_time: z.string(),
          business_days: z.array(z.int()),
          order_processing_time: z.object({ unit: z.literal("day"), value: z.number() }),
          pickup_time: text,
        })
        .nullable(),
      ...estimateRange,
      [confidenceKey]: z.number().nullable(),
    })
    .meta({ id: "EstimatedDeliveryDate" });
}
