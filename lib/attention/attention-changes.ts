import type { Checkpoint, Tracking } from "@/db/schema";
import type { NewTrackingChange } from "@/lib/trackings/changes/record-changes";
import type { AttentionFlag } from "./attention-rules";

/**
 * What an evaluation announces: the new reasons of each tracking newly flagged, and each tracking
 * whose need for attention ended.
 */
export function attentionChanges(
  rows: Tracking[],
  timelines: Map<string, Checkpoint[]>,
  newly: Array<{ trackingId: string; flags: AttentionFlag[] }>,
  updates: Array<{ tracking: Tracking; set: Partial<Tracking> }>,
  now: Date,
): NewTrackingChange[] {
  const after = new Map(rows.map((row) => [row.id, row]));
  for (const { tracking, set } of updates) after.set(tracking.id, { ...tracking, ...set });
  const recordOf = (trackingId: string) => ({ tracking: after.get(trackingId)!, checkpoints: timelines.get(trackingId) ?? [] });
  const flagged = newly.map((entry): NewTrackingChange => ({
    type: "tracking.attention_flagged",
    record: recordOf(entry.trackingId),
    occurredAt: now,
    details: { reasons: entry.flags.map((flag) => ({ reason: flag.reason, since: flag.since })) },
  }));
  const cleared = updates
    .filter(({ tracking, set }) => tracking.needsAttention && set.needsAttention === false)
    .map((update): NewTrackingChange => ({ type: "tracking.attention_cleared", record: recordOf(update.tracking.id), occurredAt: now }));
  return [...flagged, ...cleared];
}
