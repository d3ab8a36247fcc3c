import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { isDatabase, prepared } from "@/db/prepared";
import { checkpoints, trackings, type Tracking } from "@/db/schema";
import { InvalidError, NotFoundError } from "@/lib/domain-errors";
import { getCourier } from "@/lib/couriers/get-courier";
import { missingRequiredFields } from "@/lib/couriers/missing-required-fields";
import type { AdditionalField } from "@/lib/couriers/types";
import { preparedRecords, withCheckpoints, type TrackingRecord } from "./tracking-record";

/** How callers address a tracking: by id, or by courier and number (plus additional fields). */
export type TrackingLocator = { id: string } | { slug: string; trackingNumber: string; additionalFields?: Partial<Record<AdditionalField, string>> };

const ADDITIONAL_COLUMNS = {
  tracking_account_number: trackings.trackingAccountNumber,
  tracking_key: trackings.trackingKey,
  tracking_ship_date: trackings.trackingShipDate,
  tracking_origin_country: trackings.trackingOriginCountry,
  tracking_destination_country: trackings.trackingDestinationCountry,
  tracking_postal_code: trackings.trackingPostalCode,
  tracking_state: trackings.trackingState,
} as const;

function locatorCondition(organizationId: string, locator: TrackingLocator): SQL {
  if ("id" in locator) return and(eq(trackings.organizationId, organizationId), eq(trackings.id, locator.id))!;
  const courier = getCourier(locator.slug);
  const supplied = locator.additionalFields ?? {};
  const missing = courier ? missingRequiredFields(courier, supplied) : [];
  if (missing.length > 0) throw new InvalidError(missing[0]!, "missing", `'${missing[0]}' is required.`);
  const conditions: SQL[] = [
    eq(trackings.organizationId, organizationId),
    eq(trackings.slug, locator.slug),
    eq(trackings.trackingNumber, locator.trackingNumber),
  ];
  for (const [field, value] of Object.entries(supplied)) {
    if (value) conditions.push(eq(ADDITIONAL_COLUMNS[field as AdditionalField], value));
  }
  return and(...conditions)!;
}

const byId = (db: Database) =>
  prepared(db, "tracking-by-id", () =>
    db
      .select()
      .from(trackings)
      .where(and(eq(trackings.organizationId, sql.placeholder("organizationId")), eq(trackings.id, sql.placeholder("id"))))
      .limit(1)
      .prepare("tracking_by_id"),
  );

/** The tracking row only; 4004 when the organisation has none at that address. */
export async function getTrackingRowOrThrow(
  db: Executor,
  organizationId: string,
  locator: TrackingLocator,
  options: { forUpdate?: boolean } = {},
): Promise<Tracking> {
  // Reads by id, the hottest path, reuse a prepared statement.
  if ("id" in locator && !options.forUpdate && isDatabase(db)) {
    const [row] = await byId(db).execute({ organizationId, id: locator.id });
    if (!row) throw trackingNotFound();
    return row;
  }
  const query = db.select().from(trackings).where(locatorCondition(organizationId, locator)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw trackingNotFound();
  return row;
}

// A tracking and its checkpoints in one round trip: on a 2-core machine the second query's
// socket write and read cost more than the rows themselves.
const byIdWithCheckpoints = (db: Database) =>
  prepared(db, "tracking-by-id-with-checkpoints", () =>
    preparedRecords(
      db,
      db.query.trackings.findFirst({
        where: and(eq(trackings.organizationId, sql.placeholder("organizationId")), eq(trackings.id, sql.placeholder("id"))),
        with: { checkpoints: { orderBy: asc(checkpoints.position) } },
      }),
      "tracking_by_id_with_checkpoints",
    ),
  );

export async function getTrackingOrThrow(db: Executor, organizationId: string, locator: TrackingLocator): Promise<TrackingRecord> {
  if ("id" in locator && isDatabase(db)) {
    const [record] = await byIdWithCheckpoints(db).execute({ organizationId, id: locator.id });
    if (!record) throw trackingNotFound();
    return record;
  }
  const row = await getTrackingRowOrThrow(db, organizationId, locator);
  const [record] = await withCheckpoints(db, [row]);
  return record!;
}

const trackingNotFound = () => new NotFoundError("tracking", "Tracking does not exist.");
