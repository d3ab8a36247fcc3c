import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings } from "@/db/schema";
import { getTrackingOrThrow, type TrackingLocator } from "./get-tracking-or-throw";
import { followUpAtProvider } from "./provider-follow-up";
import type { TrackingRecord } from "./tracking-record";

/** Deletes the tracking (its checkpoints go with it) and returns what it was; a provider following it stops after the commit. */
export async function deleteTracking(db: Executor, organizationId: string, locator: TrackingLocator): Promise<TrackingRecord> {
  const record = await db.transaction(async (tx) => {
    const found = await getTrackingOrThrow(tx, organizationId, locator);
    await tx
      .delete(trackings)
      .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, found.tracking.id)));
    return found;
  });
  await followUpAtProvider(db, "stop", record.tracking);
  return record;
}
