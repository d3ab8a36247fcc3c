import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { trackings } from "@/db/schema";
import { LimitReachedError, NotAllowedError } from "@/lib/domain-errors";
import { getTrackingRowOrThrow, type TrackingLocator } from "./get-tracking-or-throw";
import { requestPollAndEstimate } from "./poll-requests";
import { sendFollowUps } from "@/lib/events/follow-ups";
import { recordProviderFollowUp } from "./provider-follow-up";
import { withCheckpoints, type TrackingRecord } from "./tracking-record";
import { recordRollupChanges } from "./insights/record-rollups";
import { recordChange } from "./changes/record-changes";

export const MAX_RETRACKS = 3;

/** Re-activates an inactive tracking (at most three times), asks for its poll at once (the row is due now) and has a provider that followed it follow it again. */
export async function retrackTracking(db: Database, organizationId: string, locator: TrackingLocator): Promise<TrackingRecord> {
  const { record, providerRestart } = await db.transaction(async (tx) => {
    const current = await getTrackingRowOrThrow(tx, organizationId, locator, { forUpdate: true });
    if (current.active) throw new NotAllowedError("retrack", "Retrack is not allowed. You can only retrack an inactive tracking.");
    if (current.retrackCount >= MAX_RETRACKS) throw new LimitReachedError("retracks", "Retrack is not allowed. A tracking can be retracked at most 3 times.");
    const now = new Date();
    // An expired tracking starts over as Pending; other tags stand until the carrier says more.
    const restart = current.tag === "Expired" ? { tag: "Pending", subtag: "Pending_001", subtagMessage: "Pending" } : {};
    const [updated] = await tx
      .update(trackings)
      .set({ ...restart, active: true, retrackCount: current.retrackCount + 1, nextPollAt: now, updatedAt: now })
      .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, current.id)))
      .returning();
    await recordRollupChanges(tx, [{ before: current, after: updated! }]);
    const [record] = await withCheckpoints(tx, [updated!]);
    await recordChange(tx, organizationId, { type: "tracking.retracked", record: record!, occurredAt: now, details: { retrack_count: updated!.retrackCount } });
    return { record: record!, providerRestart: await recordProviderFollowUp(tx, "restart", updated!) };
  });
  requestPollAndEstimate(db, record.tracking);
  if (providerRestart) await sendFollowUps(db, [providerRestart]);
  return record;
}
