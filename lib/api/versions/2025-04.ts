import { trackingOrderUrl, trackingPageUrl } from "@/lib/trackings/page/links";
import { z } from "zod";
import type { Checkpoint } from "@/db/schema";
import { ApiError, asApiError } from "@/lib/api/errors";
import { parseOrThrow } from "@/lib/api/validation";
import { COMPLETION_REASONS } from "@/lib/trackings/mark-tracking-completed";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import type { TrackingPatch } from "@/lib/trackings/tracking-patch";
import { assertAtMost, validateEmails, validatePhones } from "@/lib/trackings/validate-contacts";
import { deriveFields } from "@/lib/trackings/derive-fields";
import { FIELD_NAMES_2025_04, renameFields2025 } from "@/lib/couriers/field-names-2025";
import { parseInstant } from "@/lib/time";
import { trackingExtras202407 } from "./2024-07";
import type { TrackingCodec } from "./codec";
import type { CourierCodec } from "./courier-codec";
import { detectFields2025, legacyCourier, parseDetectBody } from "./courier-fields";
import { commonListFilter, limitParam, withDefaultWindow } from "./list-query";
import { checkpointBase, latestEstimatedDelivery, pickFields, trackingCore } from "./tracking-base";
import {
  checkpointBaseSchema,
  coordinateSchema,
  courier2025Schema,
  cursorPaginationSchema,
  latestEstimateSchema,
  nextCourierSchema,
  predictionSchema,
  trackingCoreFields,
  trackingExtras202407Fields,
} from "./response-schemas";
import { cursorVersionShapes, type VersionSchemas } from "./version-schemas";
import { asObject, assertShipDate, commonTrackingFields, slugField, slugGroupField, slugList, toTrackingPatch } from "./tracking-fields";
import { credentialFieldsFor } from "@/lib/carriers/descriptors";

export { FIELD_NAMES_2025_04, renameFields2025 } from "@/lib/couriers/field-names-2025";

const region = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "expected an ISO 3166-1 alpha-3 country code")
  .transform((value) => value.toUpperCase())
  .nullable()
  .optional();

/** A customer as requests give it (2026-07 adds `id`). */
export const customerRequest = z.object({
  role: z.string().max(64).nullable().optional(),
  name: z.string().max(256).nullable().optional(),
  phone_number: z.string().max(32).nullable().optional(),
  email: z.string().max(320).nullable().optional(),
  language: z.string().max(16).nullable().optional(),
});

const sharedFields = {
  ...commonTrackingFields,
  origin_country_region: region,
  destination_country_region: region,
  customers: z.array(customerRequest).nullable().optional(),
};

const createFields = z.object({
  // Empty or null: Waybill generates the id, as when it is absent.
  id: z.string().nullable().optional(),
  tracking_number: z
    .unknown()
    .optional()
    .meta({ override: { type: "string", description: "Required" } }),
  slug: slugField,
  slug_group: slugGroupField,
  ...sharedFields,
  last_mile: z.object({ tracking_number: z.string(), slug: z.string().optional() }).nullable().optional(),
});

const updateFields = z.object({ slug: z.string().optional(), ...sharedFields });

/** 2025-04 takes a date or a date-time for the ship date (earlier versions: YYYYMMDD). */
const SHIP_DATE_2025 = /^(\d{8}|\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)$/;
const SHIP_DATE_2025_FORMATS = "YYYY-MM-DD, YYYY-MM-DDTHH:mm:ss or an ISO 8601 date-time";

const completionBody = z.object({
  reason: z.enum(COMPLETION_REASONS),
  event_datetime: z
    .string()
    .refine((value) => parseInstant(value) !== null, "expected YYYY-MM-DD, YYYY-MM-DDTHH:mm:ss or an ISO 8601 date-time")
    .optional(),
});

type SharedFields = z.infer<z.ZodObject<typeof sharedFields>>;

/** 2025-04 names → the stored columns; destination/origin fields double as courier additional fields. */
function patch2025(fields: SharedFields): TrackingPatch {
  const { origin_country_region, destination_country_region, customers, ...rest } = fields;
  const patch = toTrackingPatch({
    ...rest,
    origin_country_iso3: origin_country_region,
    destination_country_iso3: destination_country_region,
    tracking_origin_country: origin_country_region,
    tracking_destination_country: destination_country_region,
    tracking_postal_code: rest.destination_postal_code,
    tracking_state: rest.destination_state,
  });
  if (customers !== undefined) {
    const list = customers ?? [];
    assertAtMost(list, "customers");
    const cleaned = list.map((entry, index) => ({
      role: entry.role ?? null,
      name: entry.name ?? null,
      email: entry.email ? validateEmails([entry.email], `customers[${index}].email`)[0]! : null,
      phone_number: entry.phone_number ? validatePhones([entry.phone_number], `customers[${index}].phone_number`)[0]! : null,
      language: entry.language ?? null,
    }));
    patch.customers = cleaned;
    // Notifications go to every customer's address and phone.
    patch.emails = cleaned.flatMap((entry) => (entry.email ? [entry.email] : []));
    patch.smses = cleaned.flatMap((entry) => (entry.phone_number ? [entry.phone_number] : []));
    patch.customerName = cleaned.find((entry) => entry.name)?.name ?? null;
  }
  return patch;
}

function checkpoint202504(checkpoint: Checkpoint) {
  const [latitude, longitude] = checkpoint.coordinates;
  return Object.assign(checkpointBase(checkpoint), {
    coordinate: latitude === undefined ? null : { latitude, longitude },
    country_region: checkpoint.countryIso3,
    country_region_name: checkpoint.countryName,
    source: checkpoint.source,
    events: [] as unknown[],
  });
}

function tracking202504(record: TrackingRecord) {
  const t = record.tracking;
  const derived = deriveFields(record);
  const latest = latestEstimatedDelivery(t, derived);
  const lastMile = t.nextCouriers[0];
  return Object.assign(trackingCore(record, derived, "confidence_code"), trackingExtras202407(record), {
    origin_country_region: t.originCountryIso3,
    destination_country_region: t.destinationCountryIso3,
    courier_destination_country_region: t.courierDestinationCountryIso3,
    courier_estimated_delivery_date: t.expectedDelivery
      ? {
          estimated_delivery_date: t.expectedDelivery.slice(0, 10),
          estimated_delivery_date_min: null,
          estimated_delivery_date_max: null,
        }
      : null,
    // 2025-04 tells why the latest estimate changed; Waybill records no reason.
    latest_estimated_delivery: latest ? Object.assign(latest, { revise_reason: null }) : null,
    customers: t.customers.map(({ role, name, phone_number, email, language }) => ({ role, name, phone_number, email, language })),
    waybill_tracking_url: trackingPageUrl(t.organizationId, t.id),
    waybill_tracking_order_url: trackingOrderUrl(t.organizationId, t.orderNumber ?? t.orderId),
    first_mile: null,
    last_mile: lastMile
      ? {
          tracking_number: lastMile.tracking_number,
          slug: lastMile.slug,
          transit_time: null,
          courier_tracking_link: null,
          courier_redirect_link: null,
          source: lastMile.source,
        }
      : null,
    checkpoints: record.checkpoints.map(checkpoint202504),
  });
}

function renamingErrors<T>(parse: () => T): T {
  try {
    return parse();
  } catch (caught) {
    const error = asApiError(caught);
    throw error instanceof ApiError ? renameErrorFields(error) : error;
  }
}

/** Legacy names → 2025-04 names, in the message and in an echoed tracking (4003's `data.tracking`). */
function renameErrorFields(error: ApiError): ApiError {
  const echo = (error.data as { tracking?: Record<string, unknown> } | null)?.tracking;
  const data = echo ? { ...(error.data as object), tracking: renameKeys2025(echo) } : error.data;
  return new ApiError(error.code, renameFields2025(error.message), data);
}

function renameKeys2025(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [FIELD_NAMES_2025_04[key] ?? key, value]));
}

export const codec202504: TrackingCodec = {
  parseCreate(body) {
    const fields = parseOrThrow(createFields, asObject(body));
    if (fields.slug && fields.slug_group) throw new ApiError(4008, "The value of `slug_group` is invalid: send either `slug` or `slug_group`.");
    assertShipDate(fields.tracking_ship_date, SHIP_DATE_2025, SHIP_DATE_2025_FORMATS);
    const { id, tracking_number, slug, slug_group, last_mile, ...shared } = fields;
    const patch = renamingErrors(() => patch2025(shared));
    if (last_mile) patch.nextCouriers = [{ tracking_number: last_mile.tracking_number, slug: last_mile.slug ?? "", source: "user" }];
    return { id: id || undefined, trackingNumber: tracking_number, slugs: slugList(slug), slugGroup: slug_group, fields: patch };
  },
  parseUpdate(body) {
    const { slug, ...fields } = parseOrThrow(updateFields, asObject(body));
    assertShipDate(fields.tracking_ship_date, SHIP_DATE_2025, SHIP_DATE_2025_FORMATS);
    return { fields: renamingErrors(() => patch2025(fields)), slug };
  },
  parseCompletion(body) {
    const { reason, event_datetime } = parseOrThrow(completionBody, asObject(body));
    return { reason, eventDatetime: event_datetime };
  },
  parseList(query, now) {
    const requested = commonListFilter(query, { courierDestination: "courier_destination_country_region" });
    const filter = withDefaultWindow(requested, requested.createdAtMax ?? now);
    return {
      filter,
      paging: { kind: "cursor", cursor: query.get("cursor") || undefined, limit: limitParam(query) },
      fields: query.get("fields"),
      echo: {},
    };
  },
  single: (record, fields) => pickFields(tracking202504(record), fields ?? null),
  deleted: (record) => tracking202504(record),
  retracked: (record) => tracking202504(record),
  list(result, request) {
    return {
      pagination: { total: result.total, next_cursor: result.nextCursor, has_next_page: result.hasNextPage },
      trackings: result.records.map((record) => pickFields(tracking202504(record), request.fields)),
    };
  },
  tracking: tracking202504,
  checkpoint: checkpoint202504,
  renameErrorFields,
};

const detectBody2025 = z.object(detectFields2025);

export const couriers202504: CourierCodec = {
  parseDetect(body) {
    const fields = parseDetectBody(detectBody2025, asObject(body));
    if (fields.slug && fields.slug_group) throw new ApiError(4008, "The value of `slug_group` is invalid: send either `slug` or `slug_group`.");
    const slugs = slugList(fields.slug);
    return {
      trackingNumber: fields.tracking_number.trim(),
      slugs: slugs.length ? slugs : undefined,
      slugGroup: fields.slug_group,
      originCountryIso3: fields.origin_country_region ?? undefined,
      destinationCountryIso3: fields.destination_country_region ?? undefined,
    };
  },
  courier(courier) {
    const { service_from_country_iso3, required_fields, optional_fields, ...rest } = legacyCourier(courier);
    const rename = (fields: string[]) => fields.map((field) => FIELD_NAMES_2025_04[field] ?? field);
    return {
      ...rest,
      required_fields: rename(required_fields),
      optional_fields: rename(optional_fields),
      service_from_country_regions: service_from_country_iso3,
      credentials: { fields: credentialFieldsFor(courier.slug).map(({ name, type, required }) => ({ name, type, required })) },
    };
  },
};

const customerSchema = z.object({
  role: z.string().nullable(),
  name: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string().nullable(),
});

const checkpointSchema = checkpointBaseSchema
  .extend({
    coordinate: coordinateSchema,
    country_region: z.string().nullable(),
    country_region_name: z.string().nullable(),
    source: z.string().nullable(),
    events: z.array(z.unknown()),
  })
  .meta({ id: "Checkpoint" });

const courierEstimateSchema = z
  .object({ estimated_delivery_date: z.string(), estimated_delivery_date_min: z.string().nullable(), estimated_delivery_date_max: z.string().nullable() })
  .nullable();

const trackingSchema = z
  .object({
    ...trackingCoreFields("confidence_code"),
    ...trackingExtras202407Fields,
    origin_country_region: z.string().nullable(),
    destination_country_region: z.string().nullable(),
    courier_destination_country_region: z.string().nullable(),
    courier_estimated_delivery_date: courierEstimateSchema,
    latest_estimated_delivery: latestEstimateSchema.unwrap().extend({ revise_reason: z.string().nullable() }).nullable(),
    customers: z.array(customerSchema),
    waybill_tracking_url: z.string().nullable(),
    waybill_tracking_order_url: z.string().nullable(),
    first_mile: z.null(),
    last_mile: nextCourierSchema
      .extend({ transit_time: z.int().nullable(), courier_tracking_link: z.string().nullable(), courier_redirect_link: z.string().nullable() })
      .nullable(),
    checkpoints: z.array(checkpointSchema),
  })
  .meta({ id: "Tracking" });

export const schemas202504: VersionSchemas = {
  tracking: trackingSchema,
  checkpoint: checkpointSchema,
  createBody: createFields,
  updateBody: updateFields,
  completionBody,
  detectBody: detectBody2025,
  courier: courier2025Schema,
  prediction: predictionSchema("confidence_code"),
  ...cursorVersionShapes(trackingSchema, cursorPaginationSchema),
};
