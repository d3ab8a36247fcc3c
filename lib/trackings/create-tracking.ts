import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings, type NewTracking, type Organization, type Tracking } from "@/db/schema";
import { ConflictError, InvalidError } from "@/lib/domain-errors";
import { resolveTrackingConnection } from "@/lib/connections/resolve-tracking-connection";
import { missingRequiredFields } from "@/lib/couriers/missing-required-fields";
import type { SlugGroup } from "@/lib/couriers/types";
import { newId } from "@/lib/ids";
import { isoWithOffset } from "@/lib/time";
import { chooseCourier } from "./choose-courier";
import { insertTracking, type NewTrackingConnection } from "./insert-tracking";
import { linkReturnShipment } from "./link-return-shipment";
import { requestPollAndEstimate } from "./poll-requests";
import { additionalFieldsOf, searchTextOf, trackingDedupeKey, type TrackingPatch } from "./tracking-patch";
import type { TrackingRecord } from "./tracking-record";
import { validateTrackingNumber } from "./validate-tracking-number";

export interface CreateTrackingInput {
  trackingNumber: unknown;
  /** One slug: that courier. Several: detection among them. None: detection. */
  slugs: string[];
  slugGroup?: SlugGroup;
  /** 2025-04 lets callers choose the id. */
  id?: string;
  fields: TrackingPatch;
  /** Where it came from (the API's `source`): "api" unless a store or an import made it. */
  source?: string;
}

const CUSTOM_ID = /^[A-Za-z0-9_\-.:]{1,128}$/;

/** What the compatible API echoes when a tracking already exists. */
export function duplicateEcho(existing: Tracking) {
  return {
    tracking: {
      id: existing.id,
      slug: existing.slug,
      tracking_number: existing.trackingNumber,
      created_at: isoWithOffset(existing.createdAt),
      ...Object.fromEntries(Object.entries(additionalFieldsOf(existing)).filter(([, value]) => value !== null)),
    },
  };
}

export function missingFieldsError(missing: string[]): InvalidError {
  return new InvalidError(
    missing[0] ?? "tracking",
    "courier-fields",
    `Missing or invalid value of the required fields for this courier. Besides tracking_number, also required: ${missing.join(", ")}`,
  );
}

/**
 * A new tracking's row as a create makes it: the number checked, the courier chosen (or detected),
 * its required fields checked, its connection resolved. Nothing is written.
 */
export async function newTrackingRow(
  db: Executor,
  organization: Organization,
  input: CreateTrackingInput,
  now: Date,
): Promise<{ row: NewTracking; connection: NewTrackingConnection }> {
  const trackingNumber = validateTrackingNumber(input.trackingNumber);
  if (input.id !== undefined && !CUSTOM_ID.test(input.id)) {
    throw new InvalidError("id", "invalid", "The value of `id` is invalid: use 1 to 128 letters, digits or - _ . :");
  }
  const fields = input.fields;
  const courier = chooseCourier(organization, {
    trackingNumber,
    slugs: input.slugs,
    slugGroup: input.slugGroup,
    originCountryIso3: fields.originCountryIso3,
    destinationCountryIso3: fields.destinationCountryIso3,
  });
  const additional = additionalFieldsOf(fields);
  const missing = missingRequiredFields(courier, additional);
  if (missing.length > 0) throw missingFieldsError(missing);
  const connection: NewTrackingConnection = fields.courierConnectionId
    ? { id: await resolveTrackingConnection(db, organization.id, courier.slug, fields.courierConnectionId) }
    : "courier-default";
  const row: NewTracking = {
    ...fields,
    organizationId: organization.id,
    id: input.id ?? newId(),
    trackingNumber,
    ...(input.source && { source: input.source }),
    slug: courier.slug,
    dedupeKey: trackingDedupeKey(courier.slug, trackingNumber, additional),
    title: fields.title?.trim() || trackingNumber,
    shipmentTypeFromCaller: Boolean(fields.shipmentType),
    nextPollAt: now,
    lastUpdatedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  row.searchText = searchTextOf(row);
  return { row, connection };
}

export async function createTracking(db: Executor, organization: Organization, input: CreateTrackingInput): Promise<TrackingRecord> {
  const { row, connection } = await newTrackingRow(db, organization, input, new Date());
  const created = await insertTracking(db, row, connection);
  if (created) {
    const tracking = await linkReturnShipment(db, created);
    // The row is due now (its own durable record of the first poll); asking soon only saves the dispatcher's minute.
    requestPollAndEstimate(db, tracking);
    return { tracking, checkpoints: [] };
  }

  const [sameId] = input.id
    ? await db
        .select()
        .from(trackings)
        .where(and(eq(trackings.organizationId, organization.id), eq(trackings.id, input.id)))
    : [];
  if (sameId && sameId.dedupeKey !== row.dedupeKey) {
    throw new InvalidError("id", "invalid", `The value of \`id\` is invalid: "${input.id}" is already used by another tracking.`);
  }
  const [existing] = await db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organization.id), eq(trackings.dedupeKey, row.dedupeKey)));
  throw new ConflictError("tracking", "Tracking already exists.", existing ? duplicateEcho(existing) : {});
}
