import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { trackings, type Tracking } from "@/db/schema";
import { adapterForSlug, providerAdapter } from "@/lib/carriers/registry";
import { CarrierError, type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { subtagMessage } from "@/lib/carriers/subtags";
import { credentialsForTracking } from "@/lib/connections/credentials-for-tracking";
import { providerCredentials } from "@/lib/connections/provider-credentials";
import type { Credentials } from "@/lib/connections/credentials-cipher";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { applyTrackingUpdates, type TrackingChange, type TrackingUpdate } from "./apply-tracking-update";
import { isNotTrackableMessage, notTrackableMessage, PROVIDER_NAMES } from "./not-trackable";
import type { PollBatch } from "./poll-dispatch";
import { warnHourly } from "./poll-log";
import { recordProviderPollOutcome } from "./poll-provider-outcome";
import { providerTrackingRef, type ProviderTrackingRef } from "./provider-tracking-ref";
import { providerPushConfigured } from "@/lib/connections/provider-push-configured";
import { isProviderRoute, routesOf, type NotTrackableCode, type PollRoute } from "./poll-route";
import { EXPIRED_STATUS, isPendingExpired, POLL_LEASE_MS, pollScheduleColumns, type PollMode, PROVIDER_POSTPONE_MS, REFUSED_RETRY_MS } from "./poll-schedule";
import { trackingUpdatedData, type TrackingUpdatedData } from "./announce-tracking-change";
import { additionalFieldsOf } from "./tracking-patch";

/** A stored change a merchant would notice: the `tracking/updated` event, and whether checkpoints came. */
export type PolledChange = TrackingUpdatedData & { newCheckpointCount: number };

export interface PollOutcome {
  /** Trackings asked of the carrier or provider (or, when nobody can follow them, rescheduled). */
  polled: number;
  /** Deleted, inactive, re-couriered or re-routed since the poll was requested. */
  skipped: number;
  changes: PolledChange[];
  /** Trackings polled for the first time: a poll that was not asked for at creation must still ask for their first estimate. */
  firstPolledIds: string[];
  /** The call was refused or rate limited: the trackings wait until `until` (ISO 8601), for `reason`. */
  postponed?: { reason: string; until: string };
  /** Trackings a provider followed that reached a final tag in this poll: to stop following at the provider. */
  ended?: { provider: TrackingProvider; trackings: ProviderTrackingRef[] };
}

/** How one route's trackings are asked: the adapter, the credentials every request carries, and the schedule after. */
interface RouteCall {
  adapter: CarrierAdapter;
  /** A provider's key (the organisation's or the server's); direct calls use each tracking's connection. */
  credentials?: Credentials;
  /** The organisation's own provider key: its refusals (and their end) are recorded on it for the settings page. */
  ownKey?: boolean;
  mode: PollMode;
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
        batch.slug ? eq(trackings.slug, batch.slug) : undefined,
        eq(trackings.active, true),
      ),
    );
}

/** The adapter's requests: a provider's key on each, or each courier connection's credentials decrypted once per batch. */
async function trackRequests(db: Database, rows: Tracking[], shared: Credentials | undefined): Promise<TrackRequest[]> {
  const byConnection = new Map<string, Promise<Record<string, string> | undefined>>();
  return Promise.all(
    rows.map(async (row) => {
      let credentials: Promise<Record<string, string> | undefined> | undefined = shared ? Promise.resolve(shared) : undefined;
      if (!shared && row.courierConnectionId) {
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

/** The adapter, credentials and schedule of a route, or null when the route cannot be called now (its key just went). */
async function routeCall(db: Database, batch: PollBatch, route: PollRoute, rows: Tracking[]): Promise<RouteCall | null> {
  if (route === "untrackable") return null;
  if (route === "direct") {
    const adapter = adapterForSlug(rows[0]!.slug);
    return adapter && { adapter, mode: "polled" };
  }
  const adapter = providerAdapter(route);
  const key = await providerCredentials(db, batch.organizationId, route);
  if (!adapter || !key) return null;
  return {
    adapter,
    credentials: key.credentials,
    ownKey: key.source === "organization",
    mode: providerPushConfigured(route, key.credentials) ? "pushed" : "polled",
  };
}

/** Who refused or held back a call, for the log and the visible reason. */
function callerName(route: PollRoute, rows: Tracking[]): string {
  return isProviderRoute(route) ? PROVIDER_NAMES[route] : rows[0]!.slug;
}

/**
 * Keeps a failed batch away from the dispatcher: past a rate limit's wait, past the back-off of an
 * outage, or six hours out when the carrier or provider refused our credentials or request.
 * Returns when the trackings are due again.
 */
async function postpone(db: Database, batch: PollBatch, route: PollRoute, rows: Tracking[], error: CarrierError, now: Date): Promise<Date> {
  const provider = isProviderRoute(route);
  const waitMs =
    error.kind === "rate_limited"
      ? error.retryAfterSeconds !== undefined
        ? error.retryAfterSeconds * 1000 + POLL_LEASE_MS
        : provider
          ? PROVIDER_POSTPONE_MS
          : 60_000 + POLL_LEASE_MS
      : error.kind === "unavailable"
        ? POLL_LEASE_MS
        : REFUSED_RETRY_MS;
  const at = new Date(now.getTime() + waitMs);
  const ids = rows.map((row) => row.id);
  await db
    .update(trackings)
    .set({ nextPollAt: at })
    .where(and(eq(trackings.organizationId, batch.organizationId), inArray(trackings.id, ids), eq(trackings.active, true)));
  return at;
}

/**
 * Whether the poll run should wait and retry itself (an outage; a direct carrier's short rate
 * limit, as it always has) rather than leave the batch to the dispatcher. Refusals and a
 * provider's limits and quota are lasting states: rescheduled and reported, never retried in a loop.
 */
function retriedInRun(route: PollRoute, error: CarrierError): boolean {
  return error.kind === "unavailable" || (route === "direct" && error.kind === "rate_limited");
}

/**
 * The update for one tracking's answer (its row as locked): checkpoints and facts, Pending →
 * Expired after 30 days without data, the poll bookkeeping, the next poll (none once the tag is
 * final) and, while Pending, why nobody follows it. Null when the answer is stale: deleted,
 * completed or re-couriered while the carrier answered.
 */
function updateFor(
  loaded: Tracking,
  current: Tracking | undefined,
  result: TrackResult | undefined,
  mode: PollMode,
  notTrackable: NotTrackableCode | undefined,
  now: Date,
): TrackingUpdate | null {
  if (!current || !current.active || current.slug !== loaded.slug) return null;
  const found = result?.kind === "found" ? result : undefined;
  const checkpoints = found?.checkpoints.map((checkpoint) => ({ ...checkpoint, source: "carrier" as const })) ?? [];
  const expire = checkpoints.length === 0 && isPendingExpired(current, now);
  const pendingMessage = notTrackable ? notTrackableMessage(current.slug, notTrackable) : subtagMessage("Pending_001");
  return {
    tracking: current,
    input: {
      checkpoints,
      facts: found?.shipment,
      ...(expire ? { status: EXPIRED_STATUS } : {}),
      columns: mode === "untrackable" ? {} : { trackedCount: current.trackedCount + 1, lastPolledAt: now },
      columnsAfter: (next) => ({
        ...pollScheduleColumns(next, now, mode),
        // Said on the tracking while it waits (a webhook-worthy change it is not), and taken back once someone follows it.
        ...(next.tag === "Pending" && next.subtagMessage !== pendingMessage && (notTrackable || isNotTrackableMessage(next.subtagMessage))
          ? { subtagMessage: pendingMessage }
          : {}),
      }),
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
  answer: (row: Tracking) => { result?: TrackResult; notTrackable?: NotTrackableCode },
  mode: PollMode,
  now: Date,
): Promise<Map<string, TrackingChange>> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(trackings)
      .where(
        and(
          eq(trackings.organizationId, batch.organizationId),
          inArray(
            trackings.id,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(trackings.id))
      .for("update");
    const current = new Map(locked.map((row) => [row.id, row]));
    const updates = rows
      .map((row) => {
        const { result, notTrackable } = answer(row);
        return updateFor(row, current.get(row.id), result, mode, notTrackable, now);
      })
      .filter((update) => update !== null);
    const changes = await applyTrackingUpdates(tx, updates);
    return new Map(changes.map((change) => [change.record.tracking.id, change]));
  });
}

/** Trackings whose route changed since the dispatcher batched them (a key or connection added or removed) are polled at its next minute. */
async function pollSoon(db: Database, organizationId: string, rows: Tracking[], now: Date): Promise<void> {
  if (!rows.length) return;
  await db
    .update(trackings)
    .set({ nextPollAt: now })
    .where(
      and(
        eq(trackings.organizationId, organizationId),
        inArray(
          trackings.id,
          rows.map((row) => row.id),
        ),
        eq(trackings.active, true),
      ),
    );
}

/**
 * Polls one batch: asks its route (the courier's adapter with each tracking's connection, or the
 * organisation's tracking provider with its key) about the trackings that still want it, and
 * stores each answer; trackings nobody can follow are only rescheduled, with the reason. A refusal
 * or a provider's limit postpones the batch and is reported in the outcome; an outage (or a direct
 * carrier's rate limit) is rethrown, once the batch is postponed, for the caller to retry.
 */
export async function pollTrackingBatch(db: Database, batch: PollBatch, now: Date): Promise<PollOutcome> {
  const route = batch.route ?? "direct";
  if (route === "direct" && !batch.slug) throw new Error("A direct poll names its courier (slug)");
  const loaded = await loadPollable(db, batch);
  const decisions = await routesOf(db, loaded);
  const rows: Tracking[] = [];
  const notTrackable = new Map<string, NotTrackableCode>();
  loaded.forEach((row, index) => {
    const decision = decisions[index]!;
    if (decision.route !== route) return;
    rows.push(row);
    if (decision.route === "untrackable") notTrackable.set(row.id, decision.reason);
  });
  await pollSoon(
    db,
    batch.organizationId,
    loaded.filter((_, index) => decisions[index]!.route !== route),
    now,
  );

  const call = rows.length ? await routeCall(db, batch, route, rows) : null;
  if (rows.length && !call && route !== "untrackable") {
    await pollSoon(db, batch.organizationId, rows, now);
    return { polled: 0, skipped: batch.trackingIds.length, changes: [], firstPolledIds: [] };
  }
  let results = new Map<string, TrackResult>();
  if (call) {
    try {
      results = await call.adapter.track(await trackRequests(db, rows, call.credentials), now);
      if (isProviderRoute(route) && call.ownKey) await recordProviderPollOutcome(db, batch.organizationId, route, null, now);
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      const until = await postpone(db, batch, route, rows, error, now);
      if (retriedInRun(route, error)) throw error;
      const who = callerName(route, rows);
      const reason = `${who} ${error.kind === "rate_limited" ? "held back" : "refused"} the poll: ${error.message}`;
      if (isProviderRoute(route) && call.ownKey) await recordProviderPollOutcome(db, batch.organizationId, route, reason, now);
      warnHourly(
        `${route}:${who}:${batch.organizationId}`,
        `Waybill polls: ${reason} (organisation ${batch.organizationId}); next try at ${until.toISOString()}`,
        now,
      );
      return { polled: 0, skipped: batch.trackingIds.length - rows.length, changes: [], firstPolledIds: [], postponed: { reason, until: until.toISOString() } };
    }
  }
  for (const row of rows) {
    const code = notTrackable.get(row.id);
    if (code) warnHourly(`untrackable:${row.slug}`, `Waybill polls: ${notTrackableMessage(row.slug, code)}; looked at again every 6 hours`, now);
  }

  const mode: PollMode = call?.mode ?? "untrackable";
  return storeAnswers(db, batch, rows, (row) => ({ result: results.get(row.id), notTrackable: notTrackable.get(row.id) }), mode, now);
}

/** Stores a poll's (or a push's) answers and says what a merchant would notice, what was polled first, and what ended at a provider. */
async function storeAnswers(
  db: Database,
  batch: PollBatch,
  rows: Tracking[],
  answer: (row: Tracking) => { result?: TrackResult; notTrackable?: NotTrackableCode },
  mode: PollMode,
  now: Date,
): Promise<PollOutcome> {
  const stores = rows.length ? await storeResults(db, batch, rows, answer, mode, now) : new Map<string, TrackingChange>();
  const changes: PolledChange[] = [];
  const firstPolledIds: string[] = [];
  const ended: ProviderTrackingRef[] = [];
  for (const row of rows) {
    const change = stores.get(row.id);
    if (!change) continue;
    if (!row.lastPolledAt) firstPolledIds.push(row.id);
    if (!change.record.tracking.active) ended.push(providerTrackingRef(row));
    if (change.changed) changes.push({ ...trackingUpdatedData(change), newCheckpointCount: change.newCheckpointCount });
  }
  const route = batch.route ?? "direct";
  const provider = isProviderRoute(route) ? route : undefined;
  return {
    polled: stores.size,
    skipped: batch.trackingIds.length - stores.size,
    changes,
    firstPolledIds,
    ...(provider && ended.length ? { ended: { provider, trackings: ended } } : {}),
  };
}

/**
 * A provider's push about some of an organisation's trackings, stored through the poll's own write
 * path: the push counts as their poll (polling stays a 12-hour safety net while pushes come).
 */
export async function storePushedAnswers(
  db: Database,
  organizationId: string,
  provider: TrackingProvider,
  rows: Tracking[],
  results: ReadonlyMap<string, TrackResult>,
  now: Date,
): Promise<PollOutcome> {
  const batch: PollBatch = { organizationId, route: provider, lane: provider, trackingIds: rows.map((row) => row.id) };
  return storeAnswers(db, batch, rows, (row) => ({ result: results.get(row.id) }), "pushed", now);
}
