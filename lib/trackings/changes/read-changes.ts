import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackingChanges, type TrackingChangeRow, type TrackingChangeType } from "@/db/schema";
import type { TrackingRecord } from "../tracking-record";
import { recordsOfChanges } from "./change-timelines";

export const CHANGE_TYPES: readonly TrackingChangeType[] = [
  "tracking.created",
  "tracking.updated",
  "tracking.estimate_revised",
  "tracking.completed",
  "tracking.retracked",
  "tracking.courier_corrected",
  "tracking.deleted",
  "tracking.attention_flagged",
  "tracking.attention_cleared",
];

export interface StoredChange {
  id: string;
  position: number;
  type: TrackingChangeType;
  trackingId: string;
  occurredAt: Date;
  record: TrackingRecord;
  details: Record<string, unknown>;
}

export interface ChangePage {
  changes: StoredChange[];
  /** The position to read on from: the last change read, or `after` when none was. */
  lastPosition: number;
  hasMore: boolean;
}

/** Stored rows as changes, their timelines read together. */
async function storedChanges(db: Executor, organizationId: string, rows: TrackingChangeRow[]): Promise<StoredChange[]> {
  const records = await recordsOfChanges(db, organizationId, rows);
  return rows.map((row, index) => ({
    id: row.id,
    position: row.position,
    type: row.type,
    trackingId: row.trackingId,
    occurredAt: row.occurredAt,
    record: records[index]!,
    details: row.details,
  }));
}

/**
 * An organisation's changes after `after`, in position order. Positions become visible in order
 * (see change_positions), so reading on from the last one seen never skips one that commits later.
 */
export async function readChanges(
  db: Executor,
  organizationId: string,
  query: { after: number; limit: number; types?: TrackingChangeType[] },
): Promise<ChangePage> {
  const rows = await db
    .select()
    .from(trackingChanges)
    .where(
      and(
        eq(trackingChanges.organizationId, organizationId),
        gt(trackingChanges.position, query.after),
        query.types?.length ? inArray(trackingChanges.type, query.types) : undefined,
      ),
    )
    .orderBy(asc(trackingChanges.position))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    changes: await storedChanges(db, organizationId, page),
    lastPosition: page.at(-1)?.position ?? query.after,
    hasMore: rows.length > query.limit,
  };
}
