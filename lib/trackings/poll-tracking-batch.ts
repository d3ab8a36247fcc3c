import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { trackings, type Tracking } from "@/db/schema";
import { adapterForSlug } from "@/lib/carriers/registry";
import { CarrierError, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { credentialsForTracking } from "@/lib/connections/credentials-for-tracking";
import { applyTrackingUpdates, type TrackingChange, type TrackingUpdate } from "./apply-tracking-update";
import type { PollBatch } from "./poll-dispatch";
import { EXPIRED_STATUS, isPendingExpired, POLL_LEASE_MS, pollScheduleColumns, REFUSED_RETRY_MS } from "./poll-schedule";
import { trackingUpdatedData, type TrackingUpdatedData } from "./announce-tracking-change";
import { additionalFieldsOf } from "./tracking-patch";

/** A stored change a merchant would notice: the `tracking/updated` event, and whether checkpoints came. */
export type PolledChange = TrackingUpdatedData & { newCheckpointCount: number };

export interface PollOutcome {
  /** Trackings asked of the carrier (or, without an adapter, rescheduled). */
  polled: number;
  /** Deleted, inactive or re-couriered since the poll was requested. */
  skipped: number;
  changes: PolledChange[];
  /** Trackings polled for the first time: a poll that was not asked for at creation must still ask for their first estimate. */
  firstPolledIds: string[];
}

/** The batch's trackings that still want this poll. */
async function loadPollable(db: Database, batch: PollBatch): Promise<Tracking[]> {
  return db
    .select()
    .from(trackings)
    .where(
      and(
        eq(trackings.organizationId, batch.organizationId),
        inArray(trackings.id, batch.trackingIds),
        eq(trackings.slug, batch.slug),
        eq(trackings.active, true),
      ),
    );
}

/** The adapter's requests, each courier connection's credentials decrypted once per batch. */
async function trackRequests(db: Database, rows: Tracking[]): Promise<TrackRequest[]> {
  const byConnection = new Map<string, Promise<Record<string, string> | undefined>>();
  return Promise.all(
    rows.map(async (row) => {
      let credentials: Promise<Record<string, string> | undefined> | undefined;
      if (row.courierConnectionId) {
        credentials = byConnection.get(row.courierConnectionId) ?? credentialsForTracking(db, row);
        byConnection.set(row.courierConnectionId, credentials);
      }
      const resolved = await credentials;
      return {
        id: row.id,
        slug: row.slug,
        trackingNumber: row.trackingNumber,
        additionalFields: additionalFieldsOf(row),
        createdAt: row.createdAt,
        ...(resolved ? { credentials: resolved } : {}),
      };
    }),
  );
}

/**
 * Keeps a failed batch away from the dispatcher while its poll is retried: past a rate limit's
 * wait, past the back-off of a carrier outage, or six hours out when the carrier refused our
 * credentials or request (logged: someone has to fix them).
 */
async function postpone(db: Database, batch: PollBatch, rows: Tracking[], error: CarrierError, now: Date): Promise<void> {
  const waitMs =
    error.kind === "rate_limited"
      ? (error.retryAfterSeconds ?? 60) * 1000 + POLL_LEASE_MS
      : error.kind === "unavailable"
        ? POLL_LEASE_MS
        : REFUSED_RETRY_MS;
  const at = new Date(now.getTime() + waitMs);
  const ids = rows.map((row) => row.id);
  await db
    .update(trackings)
    .set({ nextPollAt: at })
    .where(and(eq(trackings.organizationId, batch.organizationId), inArray(trackings.id, ids), eq(trackings.active, true)));
  if (error.kind === "auth" || error.kind === "bad_request") {
    console.warn(
      `Waybill polls: ${batch.slug} refused the poll of ${rows.length} tracking(s) of organisation ${batch.organizationId} (${error.message}); next try at ${at.toISOString()}`,
    );
  }
}

/**
 * The update for one tracking's answer (its row as locked): checkpoints and facts, Pending →
 * Expired after 30 days without data, the poll bookkeeping and the next poll (none once the tag is
 * final). Null when the answer is stale: deleted, completed or re-couriered while the carrier answered.
 */
function updateFor(
  batch: PollBatch,
  current: Tracking | undefined,
  result: TrackResult | undefined,
  trackable: boolean,
  now: Date,
): TrackingUpdate | null {
  if (!current || !current.active || current.slug !== batch.slug) return null;
  const found = result?.kind === "found" ? result : undefined;
  const checkpoints = found?.checkpoints.map((checkpoint) => ({ ...checkpoint, source: "carrier" as const })) ?? [];
  const expire = checkpoints.length === 0 && isPendingExpired(current, now);
  return {
    tracking: current,
    input: {
      checkpoints,
      facts: found?.shipment,
      ...(expire ? { status: EXPIRED_STATUS } : {}),
      columns: trackable ? { trackedCount: current.trackedCount + 1, lastPolledAt: now } : {},
      columnsAfter: (next) => pollScheduleColumns(next, now, trackable),
      now,
    },
  };
}

/**
 * Stores the batch's answers in one short transaction: one statement locks the rows (in id order,
 * so instances storing overlapping batches cannot deadlock), then all of them are written together.
 */
async function storeResults(
  db: Database,
  batch: PollBatch,
  rows: Tracking[],
  results: Map<string, TrackResult>,
  trackable: boolean,
  now: Date,
): Promise<Map<string, TrackingChange>> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(trackings)
      .where(and(eq(trackings.organizationId, batch.organizationId), inArray(trackings.id, rows.map((row) => row.id))))
      .orderBy(asc(trackings.id))
      .for("update");
    const current = new Map(locked.map((row) => [row.id, row]));
    const updates = rows
      .map((row) => updateFor(batch, current.get(row.id), results.get(row.id), trackable, now))
      .filter((update) => update !== null);
    const changes = await applyTrackingUpdates(tx, updates);
    return new Map(changes.map((change) => [change.record.tracking.id, change]));
  });
}

/**
 * Polls one batch: asks the courier's adapter about the trackings that still want it (with their
 * connection's credentials) and stores each answer. A CarrierError of the whole call is rethrown,
 * once the batch is postponed, for the caller to retry or give up.
 */
export async function pollTrackingBatch(db: Database, batch: PollBatch, now: Date): Promise<PollOutcome> {
  const rows = await loadPollable(db, batch);
  const adapter = adapterForSlug(batch.slug);
  let results = new Map<string, TrackResult>();
  if (adapter && rows.length) {
    try {
      results = await adapter.track(await trackRequests(db, rows), now);
    } catch (error) {
      if (error instanceof CarrierError) await postpone(db, batch, rows, error, now);
      throw error;
    }
  }
  const changes: PolledChange[] = [];
  const firstPolledIds: string[] = [];
  let stored = 0;
  const stores = rows.length ? await storeResults(db, batch, rows, results, adapter !== null, now) : new Map<string, TrackingChange>();
  for (const row of rows) {
    const change = stores.get(row.id);
    if (!change) continue;
    stored++;
    if (!row.lastPolledAt) firstPolledIds.push(row.id);
    if (!change.changed) continue;
    changes.push({ ...trackingUpdatedData(change), newCheckpointCount: change.newCheckpointCount });
  }
  return { polled: stored, skipped: batch.trackingIds.length - stored, changes, firstPolledIds };
}
