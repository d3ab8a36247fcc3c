import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { attentionFlags, checkpoints, type Checkpoint, type NewCheckpoint, type Tracking } from "@/db/schema";
import { planTrackingUpdate, type TrackingChange, type TrackingUpdateInput, type TrackingUpdatePlan } from "./plan-tracking-update";
import { loadCheckpoints } from "./tracking-record";
import { updateTrackingRows } from "./update-tracking-rows";
import { estimateBookkeeping } from "./insights/contribution";
import { recordRollupChanges } from "./insights/record-rollups";

export type { CheckpointInput, TrackingChange, TrackingUpdateInput } from "./plan-tracking-update";

export interface TrackingUpdate {
  tracking: Tracking;
  input: TrackingUpdateInput;
}

/** Rows per insert statement: far below PostgreSQL's 65,535 parameters at 22 columns a row. */
const INSERT_CHUNK = 1000;

async function loadTimelines(db: Executor, updates: TrackingUpdate[]): Promise<Map<string, Checkpoint[]>> {
  const idsByOrganization = new Map<string, string[]>();
  for (const { tracking } of updates) {
    const ids = idsByOrganization.get(tracking.organizationId) ?? [];
    ids.push(tracking.id);
    idsByOrganization.set(tracking.organizationId, ids);
  }
  const timelines = new Map<string, Checkpoint[]>();
  for (const [organizationId, ids] of idsByOrganization) {
    for (const [id, timeline] of await loadCheckpoints(db, organizationId, ids)) timelines.set(`${organizationId}/${id}`, timeline);
  }
  return timelines;
}

async function writeCheckpoints(db: Executor, plans: TrackingUpdatePlan[]): Promise<void> {
  const rows: NewCheckpoint[] = [];
  for (const plan of plans) {
    if (!plan.rewrite) {
      rows.push(...plan.fresh);
      continue;
    }
    // A late scan landed mid-timeline: the tracking's positions are rewritten in one go.
    const { organizationId, id } = plan.tracking;
    await db.delete(checkpoints).where(and(eq(checkpoints.organizationId, organizationId), eq(checkpoints.trackingId, id)));
    rows.push(...plan.timeline.map((checkpoint) => ({ ...checkpoint }) as NewCheckpoint));
  }
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(checkpoints).values(rows.slice(start, start + INSERT_CHUNK));
  }
}

/**
 * A shipment that moves no longer needs attention: its flags go, and the scheduled evaluation
 * flags it again if a reason still holds. Only flagged trackings cost a statement.
 */
async function clearAttentionOfMoved(db: Executor, plans: TrackingUpdatePlan[]): Promise<void> {
  const moved = plans.filter((plan) => plan.tracking.needsAttention && (plan.fresh.length > 0 || plan.rewrite));
  if (moved.length === 0) return;
  for (const plan of moved) plan.set = { ...plan.set, needsAttention: false };
  const byOrganization = new Map<string, string[]>();
  for (const { tracking } of moved) byOrganization.set(tracking.organizationId, [...(byOrganization.get(tracking.organizationId) ?? []), tracking.id]);
  for (const [organizationId, ids] of byOrganization) {
    await db.delete(attentionFlags).where(and(eq(attentionFlags.organizationId, organizationId), inArray(attentionFlags.trackingId, ids)));
  }
}

/**
 * The one write path for trackings' timelines, for one tracking or a poll's whole batch (rows
 * locked by the caller where concurrent writers matter): one read of the stored timelines, one
 * insert of the new checkpoints and one update of the tracking rows, however many trackings.
 */
export async function applyTrackingUpdates(db: Executor, updates: TrackingUpdate[]): Promise<TrackingChange[]> {
  if (updates.length === 0) return [];
  const timelines = await loadTimelines(db, updates);
  const plans = updates.map(({ tracking, input }) => planTrackingUpdate(tracking, timelines.get(`${tracking.organizationId}/${tracking.id}`) ?? [], input));
  for (const plan of plans) plan.set = { ...plan.set, ...estimateBookkeeping(plan.tracking, plan.set) };
  await writeCheckpoints(db, plans);
  await clearAttentionOfMoved(db, plans);
  await recordRollupChanges(
    db,
    plans.map((plan) => ({ before: plan.tracking, after: { ...plan.tracking, ...plan.set } })),
  );
  await updateTrackingRows(
    db,
    plans.filter((plan) => Object.keys(plan.set).length > 0),
  );
  return plans.map((plan) => ({
    ...plan.change,
    record: { tracking: { ...plan.tracking, ...plan.set }, checkpoints: plan.timeline as Checkpoint[] },
  }));
}

export async function applyTrackingUpdate(db: Executor, tracking: Tracking, input: TrackingUpdateInput): Promise<TrackingChange> {
  const [change] = await applyTrackingUpdates(db, [{ tracking, input }]);
  return change!;
}
