import { z } from "zod";
import type { Checkpoint } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { parseOrThrow } from "@/lib/api/validation";
import { COMPLETION_REASONS } from "@/lib/trackings/mark-tracking-completed";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import type { TrackingCodec } from "./codec";
import { checkpointBase, legacyTracking, pickFields } from "./tracking-base";
import {
  asObject,
  assertShipDate,
  commonTrackingFields,
  legacyTrackingFields,
  nextCouriersField,
  slugField,
  slugGroupField,
  slugList,
  toTrackingPatch,
} from "./tracking-fields";
import type { CourierCodec } from "./courier-codec";
import { detectFields, legacyCourier } from "./courier-fields";
import {
  checkpointBaseSchema,
  coordinateSchema,
  legacyCourierSchema,
  legacyTrackingFields as legacyAnswerFields,
  nextCourierSchema,
  predictionSchema,
  trackingCoreFields,
  trackingExtras202407Fields,
} from "./response-schemas";
import { legacyDetect, legacyListSnapshot, parseLegacyList } from "./v4";
import type { VersionSchemas } from "./version-schemas";

const createFields = z.object({
  tracking_number: z
    .unknown()
    .optional()
    .meta({ override: { type: "string", description: "Required" } }),
  slug: slugField,
  slug_group: slugGroupField,
  ...commonTrackingFields,
  ...legacyTrackingFields,
  next_couriers: nextCouriersField,
});

const updateFields = z.object({ slug: z.string().optional(), ...commonTrackingFields, ...legacyTrackingFields });

const completionBody = z.object({ reason: z.enum(COMPLETION_REASONS) });

export function checkpoint202407(checkpoint: Checkpoint) {
  const [latitude, longitude] = checkpoint.coordinates;
  return Object.assign(checkpointBase(checkpoint), {
    coordinate: latitude === undefined ? null : { latitude, longitude },
    country_iso3: checkpoint.countryIso3,
    country_name: checkpoint.countryName,
    events: [] as unknown[],
  });
}

/** Fields 2024-07 added over v4 (and v4 fields it dropped). */
export function trackingExtras202407(record: TrackingRecord) {
  const { tracking: t, checkpoints } = record;
  return {
    legacy_id: t.id,
    shipment_weight: t.shipmentWeight === null ? null : { unit: t.shipmentWeightUnit, value: t.shipmentWeight },
    location_id: t.locationId,
    shipping_method: t.shippingMethod,
    carbon_emissions: null,
    failed_delivery_attempts: checkpoints.filter((checkpoint) => checkpoint.tag === "AttemptFail").length,
    signature_requirement: null,
    delivery_location_type: null,
  };
}

function tracking202407(record: TrackingRecord) {
  return Object.assign(legacyTracking(record, "confidence_code"), trackingExtras202407(record), {
    next_couriers: record.tracking.nextCouriers,
    checkpoints: record.checkpoints.map(checkpoint202407),
  });
}

export const codec202407: TrackingCodec = {
  parseCreate(body) {
    const fields = parseOrThrow(createFields, asObject(body));
    if (fields.slug && fields.slug_group) throw new ApiError(4008, "The value of `slug_group` is invalid: send either `slug` or `slug_group`.");
    assertShipDate(fields.tracking_ship_date);
    const patch = toTrackingPatch(fields);
    if (fields.next_couriers) patch.nextCouriers = fields.next_couriers.map((next) => ({ ...next, source: "user" }));
    return { trackingNumber: fields.tracking_number, slugs: slugList(fields.slug), slugGroup: fields.slug_group, fields: patch };
  },
  parseUpdate(body) {
    const { slug, ...fields } = parseOrThrow(updateFields, asObject(body));
    assertShipDate(fields.tracking_ship_date);
    return { fields: toTrackingPatch(fields), slug };
  },
  parseCompletion(body) {
    return parseOrThrow(completionBody, asObject(body));
  },
  parseList: parseLegacyList,
  listSnapshot: legacyListSnapshot,
  single: (record, fields) => pickFields(tracking202407(record), fields ?? null),
  deleted: (record) => tracking202407(record),
  retracked: (record) => tracking202407(record),
  list(result, request) {
    return {
      page: request.paging.kind === "page" ? request.paging.page : 1,
      limit: request.paging.limit,
      count: result.total,
      has_next_page: result.hasNextPage,
      ...request.echo,
      trackings: result.records.map((record) => pickFields(tracking202407(record), request.fields)),
    };
  },
  tracking: tracking202407,
  checkpoint: checkpoint202407,
};

export const couriers202407: CourierCodec = {
  parseDetect: (body) => legacyDetect(asObject(body)),
  courier: legacyCourier,
};

const checkpointSchema = checkpointBaseSchema
  .extend({ coordinate: coordinateSchema, country_iso3: z.string().nullable(), country_name: z.string().nullable(), events: z.array(z.unknown()) })
  .meta({ id: "Checkpoint" });

const trackingSchema = z
  .object({
    ...trackingCoreFields("confidence_code"),
    ...legacyAnswerFields,
    ...trackingExtras202407Fields,
    next_couriers: z.array(nextCourierSchema),
    checkpoints: z.array(checkpointSchema),
  })
  .meta({ id: "Tracking" });

export const schemas202407: VersionSchemas = {
  tracking: trackingSchema,
  checkpoint: checkpointSchema,
  createBody: createFields,
  updateBody: updateFields,
  completionBody,
  detectBody: z.object(detectFields),
  courier: legacyCourierSchema,
  single: trackingSchema,
  deleted: trackingSchema,
  retracked: trackingSchema,
  // Beside the page, the list echoes the filters it was given.
  list: z.looseObject({ page: z.int(), limit: z.int(), count: z.int(), has_next_page: z.boolean(), trackings: z.array(trackingSchema) }),
  prediction: predictionSchema("confidence_code"),
};
