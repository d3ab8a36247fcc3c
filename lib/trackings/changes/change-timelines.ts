import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackingChanges, type Checkpoint, type TrackingChangeRow } from "@/db/schema";
import { loadCheckpoints } from "../tracking-record";
import { recordOfSnapshot, timelineLength } from "./snapshot";
import type { TrackingRecord } from "../tracking-record";

/**
 * The records of some changes of one organisation, their timelines read in one query: each change
 * by reference gets the first `through` checkpoints of its tracking; a tracking deleted since has
 * its timeline from its deletion's change. A timeline rewritten since (a carrier's corrected scans,
 * a corrected courier) is read as it is now.
 */
export async function recordsOfChanges(db: Executor, organizationId: string, rows: TrackingChangeRow[]): Promise<TrackingRecord[]> {
  const wanted = [...new Set(rows.filter((row) => (timelineLength(row.snapshot) ?? 0) > 0).map((row) => row.trackingId))];
  const live = await loadCheckpoints(db, organizationId, wanted);
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
