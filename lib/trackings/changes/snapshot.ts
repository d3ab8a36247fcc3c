import { getTableColumns } from "drizzle-orm";
import { checkpoints, trackings, type Checkpoint, type Tracking } from "@/db/schema";
import type { TrackingRecord } from "../tracking-record";

const TRACKING_COLUMNS = Object.entries(getTableColumns(trackings));
const TRACKING_KEYS = TRACKING_COLUMNS.map(([key]) => key);
const CHECKPOINT_KEYS = Object.keys(getTableColumns(checkpoints));
const dateKeysOf = (table: typeof trackings | typeof checkpoints) =>
  Object.entries(getTableColumns(table))
    .filter(([, column]) => column.dataType === "date")
    .map(([key]) => key);
const TRACKING_DATES = dateKeysOf(trackings);
const CHECKPOINT_DATES = dateKeysOf(checkpoints);

/** Kept out of snapshots: the search index, and what every checkpoint repeats of its tracking. */
const TRACKING_LEFT_OUT = new Set(["searchText"]);
const CHECKPOINT_LEFT_OUT = new Set(["organizationId", "trackingId"]);

/** A row's own fields without the nulls and the left-out ones: a snapshot is written with every change, so its size is the record's cost. */
function compact(row: object, leftOut: Set<string>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (value !== null && value !== undefined && !leftOut.has(key)) kept[key] = value;
  return kept;
}

/**
 * What a change stores of its tracking (JSON turns the dates into strings): the row, and how many
 * checkpoints its timeline had (`through`), which a read takes from `checkpoints` again. Copying the
 * timeline into every change made the record cost as much as the write it records. Only a deletion,
 * after which `checkpoints` holds nothing, keeps the timeline itself.
 */
export function snapshotOf(record: TrackingRecord, options: { withTimeline: boolean }): Record<string, unknown> {
  const tracking = compact(record.tracking, TRACKING_LEFT_OUT);
  return options.withTimeline
    ? { tracking, checkpoints: record.checkpoints.map((checkpoint) => compact(checkpoint, CHECKPOINT_LEFT_OUT)) }
    : { tracking, through: record.checkpoints.length };
}

/** How many of its tracking's checkpoints a snapshot stands for, when it does not hold them itself. */
export function timelineLength(snapshot: Record<string, unknown>): number | null {
  return typeof snapshot.through === "number" ? snapshot.through : null;
}

/** A stored row back in full: its dates as dates, every column present (null where it was left out as null). */
function restore<T>(row: Record<string, unknown>, keys: string[], dates: string[], fill: Record<string, unknown>): T {
  const full: Record<string, unknown> = {};
  for (const key of keys) full[key] = row[key] ?? fill[key] ?? null;
  for (const key of dates) if (typeof full[key] === "string") full[key] = new Date(full[key] as string);
  return full as T;
}

/** A row as the database's `to_jsonb` wrote it (column names) in the keys the code uses. */
function fromColumnNames(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(TRACKING_COLUMNS.map(([key, column]) => [key, row[column.name] ?? null]));
}

/**
 * The record a change's snapshot holds, for the version codecs. Three forms: `snapshotOf`'s with its
 * timeline; `snapshotOf`'s by reference, whose timeline the caller read (`timeline`); or `{ row }` in
 * column names (the insert trigger's `tracking.created`, which has no checkpoints yet).
 */
export function recordOfSnapshot(snapshot: Record<string, unknown>, timeline: Checkpoint[] = []): TrackingRecord {
  if ("row" in snapshot) {
    return { tracking: restore<Tracking>(fromColumnNames(snapshot.row as Record<string, unknown>), TRACKING_KEYS, TRACKING_DATES, {}), checkpoints: [] };
  }
  const stored = snapshot as { tracking: Record<string, unknown>; checkpoints?: Array<Record<string, unknown>> };
  const tracking = restore<Tracking>(stored.tracking, TRACKING_KEYS, TRACKING_DATES, { searchText: "" });
  if (!stored.checkpoints) return { tracking, checkpoints: timeline };
  const repeated = { organizationId: tracking.organizationId, trackingId: tracking.id };
  return { tracking, checkpoints: stored.checkpoints.map((checkpoint) => restore<Checkpoint>(checkpoint, CHECKPOINT_KEYS, CHECKPOINT_DATES, repeated)) };
}
