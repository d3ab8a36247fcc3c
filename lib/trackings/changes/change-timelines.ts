import { and, asc, eq, getTableColumns, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { preparedOrBuilt } from "@/db/prepared";
import { checkpoints, trackingChanges, type Checkpoint, type TrackingChangeRow } from "@/db/schema";
import { recordOfSnapshot, timelineLength } from "./snapshot";
import { checkpointsOfJson, type TrackingRecord } from "../tracking-record";

// One tracking's (a webhook announcing one change): prepared once per database.
const oneTimelinePrefix = (db: Executor) =>
  preparedOrBuilt(db, "timeline-prefix-one", () =>
    db
      .select()
      .from(checkpoints)
      .where(
        and(
          eq(checkpoints.organizationId, sql.placeholder("organizationId")),
          eq(checkpoints.trackingId, sql.placeholder("trackingId")),
          lt(checkpoints.position, sql.placeholder("through")),
        ),
      )
      .orderBy(asc(checkpoints.position))
      .prepare("timeline_prefix_one"),
  );

/** Each tracking's first checkpoints, as many as its longest change needs (positions run 0, 1, 2… in timeline order). */
async function timelinePrefixes(db: Executor, organizationId: string, longest: Map<string, number>): Promise<Map<string, Checkpoint[]>> {
  const byLength = new Map<number, string[]>();
  for (const [trackingId, through] of longest) byLength.set(through, [...(byLength.get(through) ?? []), trackingId]);
  const timelines = new Map<string, Checkpoint[]>();
  if (!byLength.size) return timelines;
  const [only] = longest.size === 1 ? longest : [];
  const rows = only
    ? await oneTimelinePrefix(db).execute({ organizationId, trackingId: only[0], through: only[1] })
    : await db
        .select()
        .from(checkpoints)
        .where(
          and(
            eq(checkpoints.organizationId, organizationId),
            or(...[...byLength].map(([through, ids]) => and(inArray(checkpoints.trackingId, ids), lt(checkpoints.position, through)))),
          ),
        )
        .orderBy(asc(checkpoints.trackingId), asc(checkpoints.position));
  for (const row of rows) {
    const timeline = timelines.get(row.trackingId);
    if (timeline) timeline.push(row);
    else timelines.set(row.trackingId, [row]);
  }
  return timelines;
}

/**
 * The records of some changes of one organisation, their timelines read in one query: each change
 * by reference gets the first `through` checkpoints of its tracking; a tracking deleted since has
 * its timeline from its deletion's change. A timeline rewritten since (a carrier's corrected scans,
 * a corrected courier) is read as it is now.
 */
export async function recordsOfChanges(db: Executor, organizationId: string, rows: TrackingChangeRow[]): Promise<TrackingRecord[]> {
  const longest = new Map<string, number>();
  for (const row of rows) {
    const through = timelineLength(row.snapshot) ?? 0;
    if (through > (longest.get(row.trackingId) ?? 0)) longest.set(row.trackingId, through);
  }
  const wanted = [...longest.keys()];
  const live = await timelinePrefixes(db, organizationId, longest);
  const gone = wanted.filter((trackingId) => (live.get(trackingId)?.length ?? 0) === 0);
  const kept = new Map<string, Checkpoint[]>();
  if (gone.length) {
    const deletions = await db
      .select()
      .from(trackingChanges)
      .where(and(eq(trackingChanges.organizationId, organizationId), eq(trackingChanges.type, "tracking.deleted"), inArray(trackingChanges.trackingId, gone)));
    for (const deletion of deletions) kept.set(deletion.trackingId, recordOfSnapshot(deletion.snapshot).checkpoints);
  }
  return rows.map((row) => {
    const through = timelineLength(row.snapshot);
    if (through === null) return recordOfSnapshot(row.snapshot);
    const timeline = live.get(row.trackingId)?.length ? live.get(row.trackingId)! : (kept.get(row.trackingId) ?? []);
    return recordOfSnapshot(row.snapshot, timeline.slice(0, through));
  });
}

/**
 * A column for a statement that reads a change (`tracking_changes` in its FROM): the first `through`
 * checkpoints of the change's tracking, as `checkpointsOfJson` reads them ([] without a change or a
 * `through`). The webhooks' fan-out reads it with the endpoints, so the timeline costs no statement.
 */
export function changeTimelineColumn(): SQL<unknown> {
  const columns = sql.join(
    Object.values(getTableColumns(checkpoints)).map((column) => sql`${column}`),
    sql`, `,
  );
  return sql`(select coalesce(json_agg(json_build_array(${columns}) order by ${checkpoints.position}), '[]'::json) from ${checkpoints}
    where ${checkpoints.organizationId} = ${trackingChanges.organizationId} and ${checkpoints.trackingId} = ${trackingChanges.trackingId}
      and ${checkpoints.position} < (${trackingChanges.snapshot} ->> 'through')::int)`;
}

/**
 * The record of a change whose timeline `changeTimelineColumn` read with it; null when that is not
 * the whole of the change's timeline (the tracking deleted, or its timeline rewritten shorter,
 * since), which `recordsOfChanges` then reads as it reads any change.
 */
export function recordOfChangeRead(change: TrackingChangeRow, timeline: unknown): TrackingRecord | null {
  const through = timelineLength(change.snapshot);
  if (through === null) return recordOfSnapshot(change.snapshot);
  const read = checkpointsOfJson(timeline);
  return read.length === through ? recordOfSnapshot(change.snapshot, read) : null;
}
