import { getTableColumns } from "drizzle-orm";
import { checkpoints, trackings, type Checkpoint, type Tracking } from "@/db/schema";
import type { TrackingRecord } from "../tracking-record";

const TRACKING_COLUMNS = Object.entries(getTableColumns(trackings));
const dateKeysOf = (table: typeof trackings | typeof checkpoints) =>
  Object.entries(getTableColumns(table))
    .filter(([, column]) => column.dataType === "date")
    .map(([key]) => key);
const TRACKING_DATES = dateKeysOf(trackings);
const CHECKPOINT_DATES = dateKeysOf(checkpoints);

/** JSON turned the dates into strings: they come back as dates. */
function revive<T>(row: Record<string, unknown>, keys: string[]): T {
  const copy: Record<string, unknown> = { ...row };
  for (const key of keys) if (typeof copy[key] === "string") copy[key] = new Date(copy[key] as string);
  return copy as T;
}

/** A row as the database's `to_jsonb` wrote it (column names) in the keys the code uses. */
function fromColumnNames(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(TRACKING_COLUMNS.map(([key, column]) => [key, row[column.name] ?? null]));
}

/**
 * The record a change's snapshot holds, its dates restored, for the version codecs. Two forms: a
 * TrackingRecord as JSON (changes the code records), or `{ row }` in column names (the insert
 * trigger's `tracking.created`, which has no checkpoints yet).
 */
export function recordOfSnapshot(snapshot: Record<string, unknown>): TrackingRecord {
  if ("row" in snapshot) return { tracking: revive<Tracking>(fromColumnNames(snapshot.row as Record<string, unknown>), TRACKING_DATES), checkpoints: [] };
  const { tracking, checkpoints: timeline } = snapshot as { tracking: Record<string, unknown>; checkpoints: Array<Record<string, unknown>> };
  return {
    tracking: revive<Tracking>(tracking, TRACKING_DATES),
    checkpoints: timeline.map((checkpoint) => revive<Checkpoint>(checkpoint, CHECKPOINT_DATES)),
  };
}
