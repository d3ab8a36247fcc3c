import type { TrackingChangeType, Tracking } from "@/db/schema";
import type { TrackingChange } from "../apply-tracking-update";
import type { NewTrackingChange, RecordedChange } from "./record-changes";

/**
 * The changes a stored timeline update announces: the update itself (`tracking.updated`, or
 * `tracking.completed` by the merchant's word) when a merchant would notice it, and the end of
 * its need for attention when the shipment moved on.
 */
export function updateChanges(
  type: Extract<TrackingChangeType, "tracking.updated" | "tracking.completed">,
  updates: Array<{ before: Tracking; change: TrackingChange }>,
): NewTrackingChange[] {
  return updates.flatMap(({ before, change }): NewTrackingChange[] => {
    if (!change.changed) return [];
    const { tracking } = change.record;
    const occurredAt = tracking.lastUpdatedAt;
    const details = {
      tag: tracking.tag,
      subtag: tracking.subtag,
      previous_tag: change.previousTag,
      tag_changed: change.tagChanged,
      is_first_tag: change.isFirstTag,
      new_checkpoints: change.newCheckpointCount,
    };
    const cleared = before.needsAttention && !tracking.needsAttention;
    return [
      { type, record: change.record, occurredAt, details },
      ...(cleared ? [{ type: "tracking.attention_cleared" as const, record: change.record, occurredAt }] : []),
    ];
  });
}

/** The id of the change of `type` recorded for each tracking, for the events that announce it. */
export function changeIdsOf(recorded: RecordedChange[], type: TrackingChangeType): Map<string, string> {
  return new Map(recorded.filter((change) => change.type === type).map((change) => [change.trackingId, change.id]));
}
