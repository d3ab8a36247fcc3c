import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings } from "@/db/schema";
import { adapterForSlug } from "@/lib/carriers/registry";
import { POLL_LEASE_MS } from "./poll-schedule";

export interface ClaimedTracking {
  organizationId: string;
  id: string;
  slug: string;
  courierConnectionId: string | null;
}

/** One poll: a batch of one organisation's trackings of one courier, polled with one connection. */
export interface PollBatch {
  organizationId: string;
  slug: string;
  trackingIds: string[];
}

/** Trackings per poll for couriers asked one number per call: the adapter calls them concurrently, and one run per number would cost more than the call. */
export const PER_NUMBER_POLL_BATCH = 20;

/**
 * Claims up to `limit` due trackings, oldest due first, by pushing their next poll a lease ahead,
 * so a slow poll is not handed out twice. SKIP LOCKED lets instances claiming at once take
 * disjoint rows.
 */
export async function claimDuePolls(db: Executor, now: Date, limit: number): Promise<ClaimedTracking[]> {
  const due = db.$with("due").as(
    db
      .select({ organizationId: trackings.organizationId, id: trackings.id, dueAt: trackings.nextPollAt })
      .from(trackings)
      // The same predicate as trackings_due_idx, so the index serves it.
      .where(and(sql`${trackings.active}`, isNotNull(trackings.nextPollAt), lte(trackings.nextPollAt, now)))
      .orderBy(asc(trackings.nextPollAt))
      .limit(limit)
      .for("update", { skipLocked: true }),
  );
  const claimed = await db
    .with(due)
    .update(trackings)
    .set({ nextPollAt: new Date(now.getTime() + POLL_LEASE_MS) })
    .from(due)
    .where(and(eq(trackings.organizationId, due.organizationId), eq(trackings.id, due.id)))
    .returning({
      organizationId: trackings.organizationId,
      id: trackings.id,
      slug: trackings.slug,
      courierConnectionId: trackings.courierConnectionId,
      dueAt: due.dueAt,
    });
  return claimed
    .sort((a, b) => (a.dueAt?.getTime() ?? 0) - (b.dueAt?.getTime() ?? 0))
    .map(({ dueAt: _dueAt, ...tracking }) => tracking);
}

/** How many trackings one poll carries: the adapter's own batch (FedEx 30), at least PER_NUMBER_POLL_BATCH. */
export function pollBatchSize(slug: string): number {
  return Math.max(adapterForSlug(slug)?.batchSize ?? 1, PER_NUMBER_POLL_BATCH);
}

/** Groups claimed trackings by organisation, courier and connection (one call carries one set of credentials) and cuts the groups into polls. */
export function pollBatches(claimed: readonly ClaimedTracking[]): PollBatch[] {
  const open = new Map<string, PollBatch>();
  const batches: PollBatch[] = [];
  for (const tracking of claimed) {
    const key = `${tracking.organizationId}\n${tracking.slug}\n${tracking.courierConnectionId ?? ""}`;
    let batch = open.get(key);
    if (!batch || batch.trackingIds.length >= pollBatchSize(tracking.slug)) {
      batch = { organizationId: tracking.organizationId, slug: tracking.slug, trackingIds: [] };
      open.set(key, batch);
      batches.push(batch);
    }
    batch.trackingIds.push(tracking.id);
  }
  return batches;
}
