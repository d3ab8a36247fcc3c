import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings } from "@/db/schema";
import { getTrackingOrThrow, type TrackingLocator } from "./get-tracking-or-throw";
import type { TrackingRecord } from "./tracking-record";

/** Deletes the tracking (its checkpoints go with it) and returns what it was. */
export async function deleteTracking(db: Executor, organizationId: string, locator: TrackingLocator): Promise<TrackingRecord> {
  return db.transaction(async (tx) => {
    const record = await getTrackingOrThrow(tx, organizationId, locator);
    await tx
      .delete(trackings)
      .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, record.tracking.id)));
    return record;
  });
}
