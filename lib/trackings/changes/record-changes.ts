import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { rowsOf } from "@/db/rows-of";
import type { TrackingChangeType } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { TrackingRecord } from "../tracking-record";
import { snapshotOf } from "./snapshot";

/** A change to announce: the tracking as it is after it (as it was, for a deletion). */
export interface NewTrackingChange {
  type: TrackingChangeType;
  record: TrackingRecord;
  occurredAt: Date;
  details?: Record<string, unknown>;
}

export interface RecordedChange {
  id: string;
  position: number;
  type: TrackingChangeType;
  trackingId: string;
}

type Recorder = (tx: Executor, organizationId: string, changes: NewTrackingChange[]) => Promise<RecordedChange[]>;

/**
 * One statement: the organisation's counter moves on by the number of changes (its row stays locked
 * until the caller's transaction ends, so positions become visible in order), and the changes are
 * inserted at the positions it gave. Callers record last in their transaction, after their other
 * locks, so the counter is held only for the commit.
 */
const writeChanges: Recorder = async (tx, organizationId, changes) => {
  const rows = changes.map((change, index) => ({
    ord: index + 1,
    id: `chg_${newId()}`,
    type: change.type,
    tracking_id: change.record.tracking.id,
    occurred_at: change.occurredAt.toISOString(),
    snapshot: snapshotOf(change.record, { withTimeline: change.type === "tracking.deleted" }),
    details: change.details ?? {},
  }));
  const count = rows.length;
  const result = await tx.execute(sql`
    with counter as (
      insert into change_positions (organization_id, last_position) values (${organizationId}, ${count})
      on conflict (organization_id) do update set last_position = change_positions.last_position + ${count}
      returning last_position
    )
    insert into tracking_changes (organization_id, position, id, type, tracking_id, occurred_at, snapshot, details)
    select ${organizationId}, counter.last_position - ${count} + v.ord, v.id, v.type, v.tracking_id, v.occurred_at, v.snapshot, v.details
    from counter, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(ord int, id text, type text, tracking_id text, occurred_at timestamptz, snapshot jsonb, details jsonb)
    returning id, position, type, tracking_id`);
  return rowsOf<{ id: string; position: string | number; type: TrackingChangeType; tracking_id: string }>(result)
    .map((row) => ({ id: row.id, position: Number(row.position), type: row.type, trackingId: row.tracking_id }))
    .sort((a, b) => a.position - b.position);
};

let recorder: Recorder = writeChanges;

/** Writes changes to the record in the caller's transaction; returns them with their positions, in order. */
export async function recordChanges(tx: Executor, organizationId: string, changes: NewTrackingChange[]): Promise<RecordedChange[]> {
  return changes.length ? recorder(tx, organizationId, changes) : [];
}

/** Records one change; see `recordChanges`. */
export async function recordChange(tx: Executor, organizationId: string, change: NewTrackingChange): Promise<RecordedChange> {
  const [recorded] = await recordChanges(tx, organizationId, [change]);
  return recorded!;
}

/**
 * The events bench only: the write path without the record, to price the record against it. Returns
 * the function that puts the real recorder back.
 */
export function recordNothingForBench(): () => void {
  recorder = async (_tx, _organizationId, changes) =>
    changes.map((change) => ({ id: "", position: 0, type: change.type, trackingId: change.record.tracking.id }));
  return () => {
    recorder = writeChanges;
  };
}
