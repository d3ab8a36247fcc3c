import { and, asc, eq, getTableColumns, inArray, sql, type Query } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { isDatabase, prepared } from "@/db/prepared";
import { driverRowMapper } from "@/db/table-rows";
import { checkpoints, trackings, type Checkpoint, type Tracking } from "@/db/schema";

/** A tracking with its checkpoints, oldest first: what every serializer takes. */
export interface TrackingRecord {
  tracking: Tracking;
  checkpoints: Checkpoint[];
}

const TRACKING_COLUMNS = Object.keys(getTableColumns(trackings)).length;
const trackingOf = driverRowMapper(trackings);
const checkpointOf = driverRowMapper(checkpoints);

/**
 * A row of a relational query of trackings `with: { checkpoints }` as the driver gives it in array
 * mode: the tracking's columns in order, then its checkpoints as JSON arrays of theirs.
 */
function recordFromValues(values: unknown[]): TrackingRecord {
  return { tracking: trackingOf(values), checkpoints: checkpointsOfJson(values[TRACKING_COLUMNS]) };
}

/** Checkpoints read as a JSON array of JSON arrays of their columns, in the table's order (as the driver gives it: parsed, or text). */
export function checkpointsOfJson(value: unknown): Checkpoint[] {
  const rows = (typeof value === "string" ? JSON.parse(value) : value) as unknown[][];
  return rows.map(checkpointOf);
}

/**
 * A relational query of trackings with their checkpoints (`findMany` or `findFirst` with
 * `with: { checkpoints: … }` and no column choice), prepared on the executor with its rows mapped
 * into records by literals compiled for the two tables. Drizzle's own mapping walks every field of
 * every row and builds a dictionary-mode object of some 90 properties: about a tenth of a list
 * page's CPU, and as much again to copy it into a fast object for the serializers.
 */
export function preparedRecords(db: Executor, query: { toSQL(): Query }, name?: string) {
  return db._.session.prepareQuery<{ execute: TrackingRecord[]; all: unknown; values: unknown }>(query.toSQL(), undefined, name, true, (rows) =>
    rows.map(recordFromValues),
  );
}

const checkpointsOfOne = (db: Database) =>
  prepared(db, "checkpoints-of-tracking", () =>
    db
      .select()
      .from(checkpoints)
      .where(and(eq(checkpoints.organizationId, sql.placeholder("organizationId")), eq(checkpoints.trackingId, sql.placeholder("trackingId"))))
      .orderBy(asc(checkpoints.position))
      .prepare("checkpoints_of_tracking"),
  );

export async function loadCheckpoints(db: Executor, organizationId: string, trackingIds: string[]): Promise<Map<string, Checkpoint[]>> {
  const byTracking = new Map<string, Checkpoint[]>(trackingIds.map((id) => [id, []]));
  if (trackingIds.length === 0) return byTracking;
  if (trackingIds.length === 1 && isDatabase(db)) {
    byTracking.set(trackingIds[0]!, await checkpointsOfOne(db).execute({ organizationId, trackingId: trackingIds[0]! }));
    return byTracking;
  }
  const rows = await db
    .select()
    .from(checkpoints)
    .where(and(eq(checkpoints.organizationId, organizationId), inArray(checkpoints.trackingId, trackingIds)))
    .orderBy(asc(checkpoints.trackingId), asc(checkpoints.position));
  for (const row of rows) byTracking.get(row.trackingId)?.push(row);
  return byTracking;
}

export async function withCheckpoints(db: Executor, rows: Tracking[]): Promise<TrackingRecord[]> {
  if (rows.length === 0) return [];
  const organizationId = rows[0]!.organizationId;
  const byTracking = await loadCheckpoints(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  return rows.map((tracking) => ({ tracking, checkpoints: byTracking.get(tracking.id) ?? [] }));
}
