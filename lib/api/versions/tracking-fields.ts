import { z } from "zod";
import { SLUG_GROUPS } from "@/lib/couriers/types";
import { ApiError } from "@/lib/api/errors";
import { parseInstant } from "@/lib/time";
import type { TrackingPatch } from "@/lib/trackings/tracking-patch";
import { assertAtMost, validateEmails, validatePhones } from "@/lib/trackings/validate-contacts";

const text = (max = 512) => z.string().max(max).nullable().optional();
const iso3 = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "expected an ISO 3166-1 alpha-3 country code")
  .transform((value) => value.toUpperCase())
  .nullable()
  .optional();
const stringOrList = z
  .union([z.string(), z.array(z.string())])
  .nullable()
  .optional();
const dateLike = z
  .string()
  .refine((value) => value === "" || parseInstant(value) !== null, "expected an ISO 8601 date or date-time")
  .nullable()
  .optional();

// Per-field limits: a tracking is a record a person reads, not a store for bulk data.
const tagList = z.array(z.string().max(256)).max(50);
const MAX_CUSTOM_FIELDS = 50;

export const DELIVERY_TYPES = ["pickup_at_store", "pickup_at_courier", "door_to_door"] as const;

/** Request fields shared by every version, under their legacy names. */
export const commonTrackingFields = {
  title: text(),
  note: text(2048),
  language: z
    .string()
    .regex(/^[A-Za-z]{2}([-_][A-Za-z]{2,4})?$/, "expected an ISO 639-1 code")
    .nullable()
    .optional(),
  order_id: text(),
  order_id_path: text(),
  order_number: text(),
  order_date: dateLike,
  order_promised_delivery_date: dateLike,
  order_tags: tagList.nullable().optional(),
  delivery_type: z.enum(DELIVERY_TYPES).nullable().optional(),
  pickup_location: text(),
  pickup_note: text(),
  custom_fields: z
    .record(z.string().max(100), z.union([z.string().max(1024), z.number(), z.boolean()]).transform(String))
    .refine((fields) => Object.keys(fields).length <= MAX_CUSTOM_FIELDS, `at most ${MAX_CUSTOM_FIELDS} fields`)
    .nullable()
    .optional(),
  origin_state: text(),
  origin_city: text(),
  origin_postal_code: text(),
  origin_raw_location: text(),
  destination_state: text(),
  destination_city: text(),
  destination_postal_code: text(),
  destination_raw_location: text(),
  shipment_type: text(),
  shipment_tags: tagList.nullable().optional(),
  courier_connection_id: text(128),
  tracking_account_number: text(),
  tracking_key: text(),
  tracking_ship_date: text(),
  location_id: text(),
  shipping_method: text(),
};

/** Legacy-named fields that 2025-04 renamed or removed. */
export const legacyTrackingFields = {
  customer_name: text(),
  emails: stringOrList,
  smses: stringOrList,
  origin_country_iso3: iso3,
  destination_country_iso3: iso3,
  tracking_origin_country: text(),
  tracking_destination_country: text(),
  tracking_postal_code: text(),
  tracking_state: text(),
};

export const slugField = z.union([z.string().max(64), z.array(z.string().max(64)).max(20)]).optional();

/** Couriers that carry the parcel after this one (v4, 2024-07). */
export const nextCouriersField = z
  .array(z.object({ slug: z.string().max(64), tracking_number: z.string().max(100) }))
  .max(10)
  .optional();
export const slugGroupField = z.enum(SLUG_GROUPS).optional();

const COLUMN_OF: Record<string, keyof TrackingPatch> = {
  title: "title",
  note: "note",
  language: "language",
  order_id: "orderId",
  order_id_path: "orderIdPath",
  order_number: "orderNumber",
  order_date: "orderDate",
  order_promised_delivery_date: "orderPromisedDeliveryDate",
  order_tags: "orderTags",
  delivery_type: "deliveryType",
  pickup_location: "pickupLocation",
  pickup_note: "pickupNote",
  custom_fields: "customFields",
  origin_state: "originState",
  origin_city: "originCity",
  origin_postal_code: "originPostalCode",
  origin_raw_location: "originRawLocation",
  destination_state: "destinationState",
  destination_city: "destinationCity",
  destination_postal_code: "destinationPostalCode",
  destination_raw_location: "destinationRawLocation",
  shipment_type: "shipmentType",
  shipment_tags: "shipmentTags",
  courier_connection_id: "courierConnectionId",
  tracking_account_number: "trackingAccountNumber",
  tracking_key: "trackingKey",
  tracking_ship_date: "trackingShipDate",
  location_id: "locationId",
  shipping_method: "shippingMethod",
  customer_name: "customerName",
  origin_country_iso3: "originCountryIso3",
  destination_country_iso3: "destinationCountryIso3",
  tracking_origin_country: "trackingOriginCountry",
  tracking_destination_country: "trackingDestinationCountry",
  tracking_postal_code: "trackingPostalCode",
  tracking_state: "trackingState",
};

const ARRAY_COLUMNS = new Set<keyof TrackingPatch>(["orderTags", "shipmentTags"]);

function asList(value: string | string[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  return (Array.isArray(value) ? value : value.split(",")).map((entry) => entry.trim()).filter(Boolean);
}

/**
 * Parsed request fields (legacy names) → the columns they set. Absent fields stay absent; `null`
 * and `""` clear; `[]` clears a list. Contacts are validated here, by name.
 */
export function toTrackingPatch(parsed: Record<string, unknown>): TrackingPatch {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed)) {
    if (value === undefined) continue;
    if (field === "emails" || field === "smses") {
      const list = asList(value as string | string[] | null);
      assertAtMost(list, field);
      patch[field] = field === "emails" ? validateEmails(list) : validatePhones(list);
      continue;
    }
    const column = COLUMN_OF[field];
    if (!column) continue;
    if (ARRAY_COLUMNS.has(column)) patch[column] = value ?? [];
    else patch[column] = value === "" ? null : value;
  }
  return patch as TrackingPatch;
}

/** `slug` as a string (v4 allows commas) or a list → the list of slugs. */
export function slugList(slug: string | string[] | undefined): string[] {
  return asList(slug ?? null).map((entry) => entry.toLowerCase());
}

/** `tracking_ship_date` must be YYYYMMDD in the legacy versions. */
export function assertShipDate(value: string | null | undefined, accepted: RegExp = /^\d{8}$/, expected = "YYYYMMDD"): void {
  if (value && !accepted.test(value)) {
    throw new ApiError(4008, `The value of \`tracking_ship_date\` is invalid: expected ${expected}.`);
  }
}

/** Unwrapped versions take the body itself; it must be a JSON object. */
export function asObject(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(4001, "Invalid JSON data: the body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}
