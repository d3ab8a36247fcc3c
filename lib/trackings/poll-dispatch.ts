import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings } from "@/db/schema";
import { adapterForSlug, providerAdapter } from "@/lib/carriers/registry";
import { routesOf, type PollRoute, type RouteDecision } from "./poll-route";
import { POLL_LEASE_MS } from "./poll-schedule";

export interface ClaimedTracking {
  organizationId: string;
  id: string;
  slug: string;
  courierConnectionId: string | null;
}

/**
 * One poll: a batch of one organisation's trackings asked with one set of credentials. Direct: of
 * one courier, with one connection (or the server's credentials). A provider's: of any couriers it
 * follows, with the organisation's key for it. Untrackable: nobody is asked; they are rescheduled.
 */
export interface PollBatch {
  organizationId: string;
  /** Absent: "direct" (requests from before routes existed). */
  route?: PollRoute;
  /** The courier of a direct batch; provider and untrackable batches mix couriers. */
  slug?: string;
  /** Polls of one lane share a concurrency limit: the courier of a direct batch, else the route. */
  lane?: string;
  trackingIds: string[];
}

/** Trackings per poll for couriers asked one number per call: the adapter calls them concurrently, and one run per number would cost more than the call. */
export const PER_NUMBER_POLL_BATCH = 20;
/** Trackings per untrackable batch: nobody is called, the poll only reschedules them (and expires the old). */
export const UNTRACKABLE_POLL_BATCH = 200;

/**
 * Claims up to `limit` due trackings by pushing their next poll a lease ahead, so a slow poll is not
 * handed out twice. Organisations take turns (each one's oldest first, then each one's second…), so
 * one merchant's hundred thousand due trackings cannot starve another's ten. SKIP LOCKED lets
 * instances claiming at once take disjoint rows.
 */
export async function claimDuePolls(db: Executor, now: Date, limit: number): Promise<ClaimedTracking[]> {
  const dueNow = sql`${trackings.active} and ${trackings.nextPollAt} is not null and ${trackings.nextPollAt} <= ${now.toISOString()}`;
  // Each organisation's oldest due rows, locked (SKIP LOCKED inside the lateral: row locks and window
  // functions do not mix in one select), then the turns taken across organisations.
  const due = db.$with("due").as(
    db
      .select({
        organizationId: sql<string>`locked.organization_id`.as("due_organization_id"),
        id: sql<string>`locked.id`.as("due_id"),
        dueAt: sql<Date>`locked.next_poll_at`.mapWith(trackings.nextPollAt).as("due_at"),
      })
      .from(
        sql`(select distinct ${trackings.organizationId} as organization_id from ${trackings} where ${dueNow}) as organisations
        cross join lateral (
          select ${trackings.organizationId} as organization_id, ${trackings.id} as id, ${trackings.nextPollAt} as next_poll_at
          from ${trackings}
          where ${trackings.organizationId} = organisations.organization_id and ${dueNow}
          order by ${trackings.nextPollAt}
          limit ${limit}
          for update skip locked
        ) as locked`,
      )
      .orderBy(sql`row_number() over (partition by locked.organization_id order by locked.next_poll_at)`, sql`locked.next_poll_at`)
      .limit(limit),
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
  return claimed.sort((a, b) => (a.dueAt?.getTime() ?? 0) - (b.dueAt?.getTime() ?? 0)).map(({ dueAt: _dueAt, ...tracking }) => tracking);
}

/** How many trackings one poll carries: the adapter's own batch (FedEx 30), at least PER_NUMBER_POLL_BATCH. */
export function pollBatchSize(slug: string): number {
  return Math.max(adapterForSlug(slug)?.batchSize ?? 1, PER_NUMBER_POLL_BATCH);
}

/** The batch a tracking joins (its key and an empty batch) and how many trackings that batch may carry. */
function batchOf(tracking: ClaimedTracking, decision: RouteDecision): { key: string; size: number; empty: PollBatch } {
  const { organizationId } = tracking;
  if (decision.route === "direct") {
    return {
      key: `${organizationId}\ndirect\n${tracking.slug}\n${tracking.courierConnectionId ?? ""}`,
      size: pollBatchSize(tracking.slug),
      empty: { organizationId, route: "direct", slug: tracking.slug, lane: tracking.slug, trackingIds: [] },
    };
  }
  const size = decision.route === "untrackable" ? UNTRACKABLE_POLL_BATCH : (providerAdapter(decision.route)?.batchSize ?? 1);
  return { key: `${organizationId}\n${decision.route}`, size, empty: { organizationId, route: decision.route, lane: decision.route, trackingIds: [] } };
}

/**
 * Groups claimed trackings by organisation, route and credentials (one call carries one set: a
 * direct courier's connection, or the organisation's provider key) and cuts the groups into polls
 * of the route's batch (a provider's 40 across couriers). `decisions` are the trackings' routes, in order.
 */
export function pollBatches(claimed: readonly ClaimedTracking[], decisions: readonly RouteDecision[]): PollBatch[] {
  const open = new Map<string, PollBatch>();
  const batches: PollBatch[] = [];
  claimed.forEach((tracking, index) => {
    const { key, size, empty } = batchOf(tracking, decisions[index]!);
    let batch = open.get(key);
    if (!batch || batch.trackingIds.length >= size) {
      batch = empty;
      open.set(key, batch);
      batches.push(batch);
    }
    batch.trackingIds.push(tracking.id);
  });
  return batches;
}

/** `pollBatches` with the trackings' routes looked up (one query for the organisations' provider keys). */
export async function routedPollBatches(db: Executor, claimed: readonly ClaimedTracking[]): Promise<PollBatch[]> {
  return pollBatches(claimed, await routesOf(db, claimed));
}
