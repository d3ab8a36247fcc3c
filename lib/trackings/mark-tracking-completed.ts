import type { Database } from "@/db/client";
import { trackingUpdated } from "@/lib/events/events";
import { subtagMessage } from "@/lib/carriers/subtags";
import type { Tag } from "@/lib/tags";
import { trackingUpdatedData } from "./tracking-updated-data";
import { applyTrackingUpdate, type TrackingChange } from "./apply-tracking-update";
import { recordFollowUp, sendFollowUps } from "@/lib/events/follow-ups";
import { getTrackingRowOrThrow, type TrackingLocator } from "./get-tracking-or-throw";
import { recordProviderFollowUp } from "./provider-follow-up";
import { recordChanges } from "./changes/record-changes";
import { changeIdsOf, updateChanges } from "./changes/update-changes";

export const COMPLETION_REASONS = ["DELIVERED", "LOST", "RETURNED_TO_SENDER"] as const;
export type CompletionReason = (typeof COMPLETION_REASONS)[number];

const OUTCOME: Record<CompletionReason, { tag: Tag; subtag: string; message: string }> = {
  DELIVERED: { tag: "Delivered", subtag: "Delivered_001", message: "Marked as delivered by the merchant" },
  LOST: { tag: "Exception", subtag: "Exception_013", message: "Marked as lost by the merchant" },
  RETURNED_TO_SENDER: { tag: "Exception", subtag: "Exception_011", message: "Marked as returned to sender by the merchant" },
};

/** Local time without offset, from an ISO date or date-time (its own clock reading is kept). */
function localTime(eventDatetime: string | undefined, now: Date): string {
  if (!eventDatetime) return now.toISOString().slice(0, 19);
  const trimmed = eventDatetime.trim();
  return trimmed.length === 10 ? `${trimmed}T00:00:00` : trimmed.replace(" ", "T").slice(0, 19);
}

/**
 * Ends a tracking by the merchant's word: a user checkpoint, the matching status, polling stops.
 * The change's announcement (webhooks, notifications) is recorded with it and sent after the commit.
 */
export async function markTrackingCompleted(
  db: Database,
  organizationId: string,
  locator: TrackingLocator,
  input: { reason: CompletionReason; eventDatetime?: string },
): Promise<TrackingChange> {
  const { change, followUps } = await db.transaction(async (tx) => {
    const tracking = await getTrackingRowOrThrow(tx, organizationId, locator, { forUpdate: true });
    const outcome = OUTCOME[input.reason];
    const now = new Date();
    const hasOffset = input.eventDatetime && /(Z|[+-]\d{2}:?\d{2})$/.test(input.eventDatetime.trim());
    const change = await applyTrackingUpdate(tx, tracking, {
      now,
      status: { tag: outcome.tag, subtag: outcome.subtag, subtagMessage: subtagMessage(outcome.subtag) },
      checkpoints: [
        {
          checkpointTime: localTime(input.eventDatetime, now),
          occurredAt: hasOffset ? new Date(input.eventDatetime!).toISOString() : input.eventDatetime ? null : now.toISOString(),
          message: outcome.message,
          location: null,
          city: null,
          state: null,
          zip: null,
          countryIso3: null,
          countryName: null,
          coordinates: [],
          tag: outcome.tag,
          subtag: outcome.subtag,
          subtagMessage: subtagMessage(outcome.subtag),
          rawTag: input.reason,
          source: "user",
        },
      ],
      columns: { active: false, nextPollAt: null },
    });
    const recorded = await recordChanges(tx, organizationId, updateChanges("tracking.completed", [{ before: tracking, change }]));
    const changeId = changeIdsOf(recorded, "tracking.completed").get(tracking.id);
    const announcement = change.changed ? await recordFollowUp(tx, organizationId, trackingUpdated, { ...trackingUpdatedData(change), changeId }) : null;
    const providerStop = await recordProviderFollowUp(tx, "stop", tracking);
    return { change, followUps: [announcement, providerStop].filter((id) => id !== null) };
  });
  await sendFollowUps(db, followUps);
  return change;
}
