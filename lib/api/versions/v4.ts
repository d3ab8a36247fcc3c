import { z } from "zod";
import type { Checkpoint } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { parseOrThrow } from "@/lib/api/validation";
import { COMPLETION_REASONS } from "@/lib/trackings/mark-tracking-completed";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import { isoWithOffset } from "@/lib/time";
import type { ListRequest, TrackingCodec } from "./codec";
import type { CourierCodec } from "./courier-codec";
import { detectFields, legacyCourier, parseDetectBody } from "./courier-fields";
import { commonListFilter, integerParam, limitParam, withDefaultWindow } from "./list-query";
import { checkpointBase, legacyTracking, pickFields } from "./tracking-base";
import {
  checkpointBaseSchema,
  legacyCourierSchema,
  legacyTrackingFields as legacyAnswerFields,
  nextCourierSchema,
  predictionSchema,
  trackingCoreFields,
} from "./response-schemas";
import type { VersionSchemas } from "./version-schemas";
import {
  assertShipDate,
  commonTrackingFields,
  legacyTrackingFields,
  nextCouriersField,
  slugField,
  slugGroupField,
  slugList,
  toTrackingPatch,
} from "./tracking-fields";

const stringOrList = z
  .union([z.string(), z.array(z.string())])
  .nullable()
  .optional();

const createFields = z.object({
  tracking_number: z
    .unknown()
    .optional()
    .meta({ override: { type: "string", description: "Required" } }),
  slug: slugField,
  slug_group: slugGroupField,
  ...commonTrackingFields,
  ...legacyTrackingFields,
  android: stringOrList,
  ios: stringOrList,
  next_couriers: nextCouriersField,
});

const UPDATE_FIELDS = [
  "smses",
  "emails",
  "title",
  "customer_name",
  "order_id",
  "order_id_path",
  "order_number",
  "order_date",
  "custom_fields",
  "note",
  "language",
  "order_promised_delivery_date",
  "delivery_type",
  "pickup_location",
  "pickup_note",
  "shipment_type",
  "tracking_account_number",
  "tracking_key",
  "tracking_ship_date",
  "origin_country_iso3",
  "origin_state",
  "origin_city",
  "origin_postal_code",
  "origin_raw_location",
  "destination_country_iso3",
  "destination_state",
  "destination_city",
  "destination_postal_code",
  "destination_raw_location",
] as const;

const updateFields = createFields.pick(Object.fromEntries(UPDATE_FIELDS.map((field) => [field, true])) as never).extend({
  slug: z.string().optional(),
});

const completionBody = z.object({ reason: z.enum(COMPLETION_REASONS) });

/** v4 wraps bodies in `tracking`; a missing wrapper is 4006. */
export function unwrapTracking(body: unknown): Record<string, unknown> {
  const tracking = (body as { tracking?: unknown } | undefined)?.tracking;
  if (!tracking || typeof tracking !== "object" || Array.isArray(tracking)) throw new ApiError(4006);
  return tracking as Record<string, unknown>;
}

function list(value: string | string[] | null | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : value.split(",")).map((entry) => entry.trim()).filter(Boolean);
}

export function v4Checkpoint(checkpoint: Checkpoint) {
  return Object.assign(checkpointBase(checkpoint), {
    coordinates: checkpoint.coordinates,
    country_iso3: checkpoint.countryIso3,
    country_name: checkpoint.countryName,
  });
}

export function v4Tracking(record: TrackingRecord) {
  const base = legacyTracking(record, "confidence_score");
  const { tracking: t } = record;
  return Object.assign(base, {
    // An integer in v4: 0 until the shipment has been picked up (recorded responses).
    delivery_time: base.transit_time ?? 0,
    android: t.android,
    ios: t.ios,
    shipment_weight: t.shipmentWeight,
    shipment_weight_unit: t.shipmentWeightUnit,
    next_couriers: t.nextCouriers,
    path: "deprecated",
    checkpoints: record.checkpoints.map(v4Checkpoint),
  });
}

/** The partial object v4 answers delete and retrack with. */
function partialTracking(record: TrackingRecord) {
  const t = record.tracking;
  return {
    id: t.id,
    tracking_number: t.trackingNumber,
    slug: t.slug,
    tracking_account_number: t.trackingAccountNumber,
    tracking_key: t.trackingKey,
    tracking_ship_date: t.trackingShipDate,
    tracking_origin_country: t.trackingOriginCountry,
    tracking_destination_country: t.trackingDestinationCountry,
    tracking_postal_code: t.trackingPostalCode,
    tracking_state: t.trackingState,
  };
}

/** Deeper pages cost an ever larger OFFSET scan; past this, a caller should narrow the filter. */
export const MAX_PAGE = 10_000;

/** Page-based lists pin "now" per query (without its page): later pages reuse page 1's. */
export function legacyListSnapshot(query: URLSearchParams): { key: string; page: number } {
  const page = integerParam(query, "page", { min: 1, max: MAX_PAGE }) ?? 1;
  return {
    key: [...query.entries()]
      .filter(([key]) => key !== "page")
      .sort()
      .join("&"),
    page,
  };
}

export function parseLegacyList(query: URLSearchParams, now: Date): ListRequest {
  const page = integerParam(query, "page", { min: 1, max: MAX_PAGE }) ?? 1;
  const limit = limitParam(query);
  const requested = commonListFilter(query, { lenientTimes: true });
  const filter = withDefaultWindow(requested, now);
  return {
    filter,
    paging: { kind: "page", page, limit },
    fields: query.get("fields"),
    echo: {
      keyword: requested.keyword ?? "",
      slug: query.get("slug") ?? "",
      origin: requested.origin ?? [],
      destination: requested.destination ?? [],
      tag: query.get("tag") ?? "",
      created_at_min: isoWithOffset(filter.createdAtMin),
      created_at_max: isoWithOffset(filter.createdAtMax),
      last_updated_at: query.get("last_updated_at"),
      return_to_sender: requested.returnToSender === undefined ? [] : [requested.returnToSender],
      courier_destination_country_iso3: requested.courierDestination ?? [],
    },
  };
}

export const v4Codec: TrackingCodec = {
  parseCreate(body) {
    const fields = parseOrThrow(createFields, unwrapTracking(body), ["tracking"]);
    if (fields.slug && fields.slug_group) throw new ApiError(4008, "The value of `slug_group` is invalid: send either `slug` or `slug_group`.");
    assertShipDate(fields.tracking_ship_date);
    const patch = toTrackingPatch(fields);
    if (fields.android !== undefined) patch.android = list(fields.android);
    if (fields.ios !== undefined) patch.ios = list(fields.ios);
    if (fields.next_couriers) patch.nextCouriers = fields.next_couriers.map((next) => ({ ...next, source: "user" }));
    return { trackingNumber: fields.tracking_number, slugs: slugList(fields.slug), slugGroup: fields.slug_group, fields: patch };
  },
  parseUpdate(body) {
    const fields = parseOrThrow(updateFields, unwrapTracking(body), ["tracking"]) as z.infer<typeof updateFields>;
    assertShipDate(fields.tracking_ship_date as string | undefined);
    const { slug, ...rest } = fields as { slug?: string } & Record<string, unknown>;
    return { fields: toTrackingPatch(rest), slug };
  },
  parseCompletion(body) {
    return parseOrThrow(completionBody, body ?? {});
  },
  parseList: parseLegacyList,
  listSnapshot: legacyListSnapshot,
  single(record, fields) {
    return { tracking: pickFields(v4Tracking(record), fields ?? null) };
  },
  deleted(record) {
    return { tracking: partialTracking(record) };
  },
  retracked(record) {
    return { tracking: Object.assign(partialTracking(record), { active: record.tracking.active }) };
  },
  list(result, request) {
    return {
      page: request.paging.kind === "page" ? request.paging.page : 1,
      limit: request.paging.limit,
      count: result.total,
      ...request.echo,
      fields: request.fields ?? "",
      trackings: result.records.map((record) => pickFields(v4Tracking(record), request.fields)),
    };
  },
  tracking: v4Tracking,
  checkpoint: v4Checkpoint,
  errorEcho(body) {
    const tracking = (body as { tracking?: unknown } | undefined)?.tracking;
    return tracking && typeof tracking === "object" && !Array.isArray(tracking) ? { tracking } : undefined;
  },
};

const detectBody = z.object(detectFields);

function detectInput(fields: z.infer<typeof detectBody>) {
  if (fields.slug && fields.slug_group) throw new ApiError(4008, "The value of `slug_group` is invalid: send either `slug` or `slug_group`.");
  const slugs = slugList(fields.slug);
  return {
    trackingNumber: fields.tracking_number.trim(),
    slugs: slugs.length ? slugs : undefined,
    slugGroup: fields.slug_group,
    originCountryIso3: fields.origin_country_iso3 ?? undefined,
    destinationCountryIso3: fields.destination_country_iso3 ?? undefined,
  };
}

/** v4 and 2024-07 share the detect body; only v4 wraps it. */
export const legacyDetect = (body: Record<string, unknown>, path: string[] = []) => detectInput(parseDetectBody(detectBody, body, path));

export const v4Couriers: CourierCodec = {
  parseDetect: (body) => legacyDetect(unwrapTracking(body), ["tracking"]),
  courier: legacyCourier,
};

const checkpointSchema = checkpointBaseSchema
  .extend({ coordinates: z.array(z.number()), country_iso3: z.string().nullable(), country_name: z.string().nullable() })
  .meta({ id: "Checkpoint" });

const trackingSchema = z
  .object({
    ...trackingCoreFields("confidence_score"),
    ...legacyAnswerFields,
    delivery_time: z.int(),
    android: z.array(z.string()),
    ios: z.array(z.string()),
    shipment_weight: z.number().nullable(),
    shipment_weight_unit: z.string().nullable(),
    next_couriers: z.array(nextCourierSchema),
    path: z.string(),
    checkpoints: z.array(checkpointSchema),
  })
  .meta({ id: "Tracking" });

const partialTrackingSchema = z.object({
  id: z.string(),
  tracking_number: z.string(),
  slug: z.string(),
  tracking_account_number: z.string().nullable(),
  tracking_key: z.string().nullable(),
  tracking_ship_date: z.string().nullable(),
  tracking_origin_country: z.string().nullable(),
  tracking_destination_country: z.string().nullable(),
  tracking_postal_code: z.string().nullable(),
  tracking_state: z.string().nullable(),
});

/** v4 wraps request and answer bodies in `tracking`. */
const wrapped = (tracking: z.ZodType) => z.object({ tracking });

export const schemasV4: VersionSchemas = {
  tracking: trackingSchema,
  checkpoint: checkpointSchema,
  createBody: wrapped(createFields),
  updateBody: wrapped(updateFields),
  completionBody,
  detectBody: wrapped(detectBody),
  courier: legacyCourierSchema,
  single: wrapped(trackingSchema),
  deleted: wrapped(partialTrackingSchema),
  retracked: wrapped(partialTrackingSchema.extend({ active: z.boolean() })),
  // Beside the page, the list echoes the filters it was given.
  list: z.looseObject({ page: z.int(), limit: z.int(), count: z.int(), fields: z.string(), trackings: z.array(trackingSchema) }),
  prediction: predictionSchema("confidence_score"),
};
