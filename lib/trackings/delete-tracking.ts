import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { trackings } from "@/db/schema";
import { sendFollowUps } from "@/lib/events/follow-ups";
import { getTrackingOrThrow, type TrackingLocator } from "./get-tracking-or-throw";
import { recordProviderFollowUp } from "./provider-follow-up";
import type { TrackingRecord } from "./tracking-record";
import { recordRollupChanges } from "./insights/record-rollups";
import { recordChange } from "./changes/record-changes";

/** Deletes the tracking (its checkpoints go with it) and returns what it was; a provider following it is told to stop, after the commit. */
export async function deleteTracking(db: Database, organizationId: string, locator: TrackingLocator): Promise<TrackingRecord> {
  const { record, providerStop } = await db.transaction(async (tx) => {
    const found = await getTrackingOrThrow(tx, organizationId, locator);
    await tx.delete(trackings).where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, found.tracking.id)));
    await recordRollupChanges(tx, [{ before: found.tracking, after: null }]);
    await recordChange(tx, organizationId, { type: "tracking.deleted", record: found, occurredAt: new Date() });
    return { record: found, providerStop: await recordProviderFollowUp(tx, "stop", found.tracking) };
  });
  if (providerStop) await sendFollowUps(db, [providerStop]);
  return record;
}
