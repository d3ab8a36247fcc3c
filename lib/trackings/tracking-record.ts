import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { isDatabase, prepared } from "@/db/prepared";
import { columnCopier } from "@/db/table-rows";
import { checkpoints, trackings, type Checkpoint, type Tracking } from "@/db/schema";

/** A tracking with its checkpoints, oldest first: what every serializer takes. */
export interface TrackingRecord {
  tracking: Tracking;
  checkpoints: Checkpoint[];
}

// Drizzle builds a relational row key by key (a dictionary-mode object of some 90 properties): a
// rest pattern copied it in about 20 µs (8.6 % of a list page's CPU at 32 clients), this literal in 2.
const copyTrackingColumns = columnCopier(trackings);

/** A row read with its `checkpoints` relation, as a record. */
export function recordOf(row: Tracking & { checkpoints: Checkpoint[] }): TrackingRecord {
  return { tracking: copyTrackingColumns(row), checkpoints: row.checkpoints };
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
