import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { attentionFlags, trackings } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";
import { recordChange } from "@/lib/trackings/changes/record-changes";
import { withCheckpoints } from "@/lib/trackings/tracking-record";

export interface QueuedFlag {
  reason: string;
  since: string;
  flaggedAt: Date;
  snoozedUntil: Date | null;
  note: string | null;
}

export interface QueueEntry {
  trackingId: string;
  trackingNumber: string;
  slug: string;
  tag: string;
  title: string | null;
  orderId: string | null;
  /** Its open reasons, newest first. */
  flags: QueuedFlag[];
}

const MAX_QUEUE = 200;

/** Not snoozed, or snoozed until a time that has come. */
const awakeAt = (now: Date) => or(isNull(attentionFlags.snoozedUntil), sql`${attentionFlags.snoozedUntil} <= ${now.toISOString()}`);

/** The organisation's open flags (not resolved; snoozed ones only when asked), one entry per tracking, newest reason first. */
export async function listAttentionQueue(db: Executor, organizationId: string, now: Date, options: { includeSnoozed?: boolean } = {}): Promise<QueueEntry[]> {
  const awake = options.includeSnoozed ? undefined : awakeAt(now);
  const rows = await db
    .select({
      trackingId: attentionFlags.trackingId,
      reason: attentionFlags.reason,
      since: attentionFlags.since,
      flaggedAt: attentionFlags.flaggedAt,
      snoozedUntil: attentionFlags.snoozedUntil,
      note: attentionFlags.note,
      trackingNumber: trackings.trackingNumber,
      slug: trackings.slug,
      tag: trackings.tag,
      title: trackings.title,
      orderId: trackings.orderNumber,
    })
    .from(attentionFlags)
    .innerJoin(trackings, and(eq(trackings.organizationId, attentionFlags.organizationId), eq(trackings.id, attentionFlags.trackingId)))
    .where(and(eq(attentionFlags.organizationId, organizationId), isNull(attentionFlags.resolvedAt), awake))
    .orderBy(desc(attentionFlags.since), desc(attentionFlags.flaggedAt))
    .limit(MAX_QUEUE * 3);
  const entries = new Map<string, QueueEntry>();
  for (const row of rows) {
    let entry = entries.get(row.trackingId);
    if (!entry) {
      if (entries.size >= MAX_QUEUE) continue;
      entry = {
        trackingId: row.trackingId,
        trackingNumber: row.trackingNumber,
        slug: row.slug,
        tag: row.tag,
        title: row.title,
        orderId: row.orderId,
        flags: [],
      };
      entries.set(row.trackingId, entry);
    }
    entry.flags.push({ reason: row.reason, since: row.since, flaggedAt: row.flaggedAt, snoozedUntil: row.snoozedUntil, note: row.note });
  }
  return [...entries.values()];
}

/** Keeps `needs_attention` true exactly while the tracking has a flag that is neither resolved nor snoozed. */
async function refreshNeedsAttention(db: Executor, organizationId: string, trackingId: string, now: Date): Promise<void> {
  const [open] = await db
    .select({ reason: attentionFlags.reason })
    .from(attentionFlags)
    .where(and(eq(attentionFlags.organizationId, organizationId), eq(attentionFlags.trackingId, trackingId), isNull(attentionFlags.resolvedAt), awakeAt(now)))
    .limit(1);
  const [updated] = await db
    .update(trackings)
    .set({ needsAttention: Boolean(open) })
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, trackingId), eq(trackings.needsAttention, !open)))
    .returning();
  // The merchant took the last open reason out of the queue: the need for attention ended.
  if (updated && !open) {
    const [record] = await withCheckpoints(db, [updated]);
    await recordChange(db, organizationId, { type: "tracking.attention_cleared", record: record!, occurredAt: now });
  }
}

async function changeFlags(db: Executor, organizationId: string, trackingId: string, now: Date, set: Partial<typeof attentionFlags.$inferInsert>) {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(attentionFlags)
      .set(set)
      .where(and(eq(attentionFlags.organizationId, organizationId), eq(attentionFlags.trackingId, trackingId), isNull(attentionFlags.resolvedAt)))
      .returning({ reason: attentionFlags.reason });
    if (changed.length === 0) throw new NotFoundError("attention", "This tracking needs no attention now.");
    await refreshNeedsAttention(tx, organizationId, trackingId, now);
  });
}

/** Out of the queue until `until`; the hourly evaluation brings it back then, if the reason still holds. */
export const snoozeAttention = (db: Executor, organizationId: string, trackingId: string, now: Date, until: Date) =>
  changeFlags(db, organizationId, trackingId, now, { snoozedUntil: until });

/** Handled: the flags stay resolved while their reasons hold, and go when the shipment moves. */
export const resolveAttention = (db: Executor, organizationId: string, trackingId: string, now: Date) =>
  changeFlags(db, organizationId, trackingId, now, { resolvedAt: now });

export const noteAttention = (db: Executor, organizationId: string, trackingId: string, now: Date, note: string) =>
  changeFlags(db, organizationId, trackingId, now, { note: note.trim().slice(0, 1000) || null });
