import { and, asc, eq, gt, inArray, notInArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { attentionFlags as flagsTable, type Checkpoint, type Tracking, trackings } from "@/db/schema";
import type { Tag } from "@/lib/tags";
import { MONDAY_TO_FRIDAY } from "@/lib/edd/business-days";
import type { LocalDate } from "@/lib/edd/local-dates";
import { transitCalendar } from "@/lib/edd/transit-calendar";
import { trackingLane } from "@/lib/edd/tracking-lane";
import { loadCheckpoints } from "@/lib/trackings/tracking-record";
import { updateTrackingRows } from "@/lib/trackings/update-tracking-rows";
import { type AttentionFacts, type AttentionFlag, attentionFlags, DEFAULT_FIRST_SCAN_DAYS } from "./attention-rules";
import { laneGapP90 } from "./lane-gap";
import { attentionChanges } from "./attention-changes";
import { SHOPPER_REASONS } from "./reason-text";
import { recordChanges } from "@/lib/trackings/changes/record-changes";
import { changeIdsOf } from "@/lib/trackings/changes/update-changes";

const PAGE = 500;

/** A tracking that newly needs attention, for the `tracking_attention` webhook. */
export interface NewlyFlagged {
  organizationId: string;
  trackingId: string;
  flags: AttentionFlag[];
  /** The `tracking.attention_flagged` change recorded. */
  changeId?: string;
}

function factsOf(tracking: Tracking, timeline: Checkpoint[]): AttentionFacts {
  const estimate = tracking.expectedDelivery ?? tracking.waybillEstimate?.estimated_delivery_date_max ?? null;
  return {
    tag: tracking.tag as Tag,
    subtag: tracking.subtag,
    createdOn: tracking.createdAt.toISOString().slice(0, 10),
    checkpoints: timeline.map((checkpoint) => ({ date: checkpoint.checkpointTime.slice(0, 10), tag: checkpoint.tag as Tag, subtag: checkpoint.subtag })),
    estimate: estimate ? estimate.slice(0, 10) : null,
  };
}

/** Evaluates one organisation's page of trackings: flags added and dropped, `needs_attention` kept in step. */
async function evaluatePage(
  db: Executor,
  organizationId: string,
  rows: Tracking[],
  today: LocalDate,
  now: Date,
  gaps: Map<string, Promise<number | null>>,
): Promise<NewlyFlagged[]> {
  const ids = rows.map((row) => row.id);
  const [timelines, existing] = await Promise.all([
    loadCheckpoints(db, organizationId, ids),
    db
      .select()
      .from(flagsTable)
      .where(and(eq(flagsTable.organizationId, organizationId), inArray(flagsTable.trackingId, ids))),
  ]);
  const newly: NewlyFlagged[] = [];
  const updates: Array<{ tracking: Tracking; set: Partial<Tracking> }> = [];
  const dropped: Array<{ trackingId: string; reasons: string[] }> = [];
  for (const tracking of rows) {
    const lane = trackingLane(tracking);
    const calendar = transitCalendar(MONDAY_TO_FRIDAY, lane.origin, lane.destination);
    const laneKey = `${tracking.slug}|${calendar.regions.map((region) => `${region.country}-${region.state ?? ""}`).join(",")}`;
    if (!gaps.has(laneKey)) gaps.set(laneKey, laneGapP90(db, organizationId, tracking.slug, calendar));
    const flags = attentionFlags(factsOf(tracking, timelines.get(tracking.id) ?? []), today, {
      calendar,
      laneGapP90: await gaps.get(laneKey)!,
      firstScanDays: DEFAULT_FIRST_SCAN_DAYS,
    });
    const mine = existing.filter((flag) => flag.trackingId === tracking.id);
    const reasons = new Set(flags.map((flag) => flag.reason));
    const added = flags.filter((flag) => !mine.some((row) => row.reason === flag.reason));
    const gone = mine.filter((row) => !SHOPPER_REASONS.has(row.reason) && !reasons.has(row.reason as AttentionFlag["reason"])).map((row) => row.reason);
    if (added.length) newly.push({ organizationId, trackingId: tracking.id, flags: added });
    if (gone.length) dropped.push({ trackingId: tracking.id, reasons: gone });
    const open =
      added.length > 0 ||
      mine.some(
        (row) =>
          (reasons.has(row.reason as AttentionFlag["reason"]) || SHOPPER_REASONS.has(row.reason)) &&
          !row.resolvedAt &&
          (!row.snoozedUntil || row.snoozedUntil <= now),
      );
    if (open !== tracking.needsAttention) updates.push({ tracking, set: { needsAttention: open } });
  }
  if (!newly.length && !dropped.length && !updates.length) return [];
  // The page's reads are done (on PGlite, nothing may read outside the transaction while it is open).
  const recorded = await db.transaction(async (tx) => {
    const values = newly.flatMap((entry) =>
      entry.flags.map((flag) => ({ organizationId, trackingId: entry.trackingId, reason: flag.reason, since: flag.since, flaggedAt: now })),
    );
    if (values.length) await tx.insert(flagsTable).values(values);
    for (const { trackingId, reasons } of dropped) {
      await tx
        .delete(flagsTable)
        .where(and(eq(flagsTable.organizationId, organizationId), eq(flagsTable.trackingId, trackingId), inArray(flagsTable.reason, reasons)));
    }
    await updateTrackingRows(tx, updates);
    return recordChanges(tx, organizationId, attentionChanges(rows, timelines, newly, updates, now));
  });
  const changeIds = changeIdsOf(recorded, "tracking.attention_flagged");
  return newly.map((entry) => ({ ...entry, changeId: changeIds.get(entry.trackingId) }));
}

/** Evaluates some trackings of one organisation now (a failed attempt or an exception needs no waiting for the hour). */
export async function evaluateAttentionOf(db: Executor, organizationId: string, trackingIds: string[], now: Date): Promise<NewlyFlagged[]> {
  const rows = await db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), inArray(trackings.id, trackingIds)));
  return rows.length ? evaluatePage(db, organizationId, rows, now.toISOString().slice(0, 10), now, new Map()) : [];
}

/**
 * The scheduled evaluation: every active, undelivered tracking of one organisation is checked
 * against the rules on `now`'s date. Returns those that newly need attention.
 */
export async function evaluateAttention(db: Executor, organizationId: string, now: Date): Promise<NewlyFlagged[]> {
  const today = now.toISOString().slice(0, 10);
  const gaps = new Map<string, Promise<number | null>>();
  const newly: NewlyFlagged[] = [];
  let after = "";
  for (;;) {
    const rows = await db
      .select()
      .from(trackings)
      .where(
        and(
          eq(trackings.organizationId, organizationId),
          eq(trackings.active, true),
          notInArray(trackings.tag, ["Delivered", "Expired"]),
          gt(trackings.id, after),
        ),
      )
      .orderBy(asc(trackings.id))
      .limit(PAGE);
    if (rows.length === 0) break;
    newly.push(...(await evaluatePage(db, organizationId, rows, today, now, gaps)));
    after = rows.at(-1)!.id;
  }
  return newly;
}
