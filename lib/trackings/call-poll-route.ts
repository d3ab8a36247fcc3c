import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { trackings, type Tracking } from "@/db/schema";
import { adapterForSlug, providerAdapter } from "@/lib/carriers/registry";
import { CarrierError, type CarrierAdapter, type TrackRequest, type TrackResult } from "@/lib/carriers/types";
import { credentialsForTracking } from "@/lib/connections/credentials-for-tracking";
import { providerCredentials } from "@/lib/connections/provider-credentials";
import type { Credentials } from "@/lib/connections/credentials-cipher";
import { providerPushConfigured } from "@/lib/connections/provider-push-configured";
import { PROVIDER_NAMES } from "./not-trackable";
import type { PollBatch } from "./poll-dispatch";
import { markReported } from "@/lib/observability/log";
import { reportOutage, warnHourly } from "./poll-log";
import { recordProviderPollOutcome } from "./poll-provider-outcome";
import { isProviderRoute, type PollRoute } from "./poll-route";
import { POLL_LEASE_MS, type PollMode, PROVIDER_POSTPONE_MS, REFUSED_RETRY_MS } from "./poll-schedule";
import { additionalFieldsOf } from "./tracking-patch";

/** How one route's trackings are asked: the adapter, the credentials every request carries, and the schedule after. */
export interface RouteCall {
  adapter: CarrierAdapter;
  /** A provider's key (the organisation's or the server's); direct calls use each tracking's connection. */
  credentials?: Credentials;
  /** The organisation's own provider key: its refusals (and their end) are recorded on it for the settings page. */
  ownKey?: boolean;
  mode: PollMode;
}

/** The batch's trackings that still want this poll. */
export async function loadPollable(db: Database, batch: PollBatch): Promise<Tracking[]> {
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
export async function routeCall(db: Database, batch: PollBatch, route: PollRoute, rows: Tracking[]): Promise<RouteCall | null> {
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

/** Trackings whose route changed since the dispatcher batched them (a key or connection added or removed) are polled at its next minute. */
export async function pollSoon(db: Database, organizationId: string, rows: Tracking[], now: Date): Promise<void> {
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
 * Asks the route about the batch's trackings. A refusal or a provider's limit postpones the batch
 * (logged once an hour, and recorded on the organisation's own key) and says why; an outage, or a
 * direct carrier's rate limit, is rethrown once the batch is postponed, for the caller to retry.
 */
export async function callRoute(
  db: Database,
  batch: PollBatch,
  route: PollRoute,
  rows: Tracking[],
  call: RouteCall,
  now: Date,
): Promise<{ results: Map<string, TrackResult> } | { postponed: { reason: string; until: string } }> {
  try {
    const results = await call.adapter.track(await trackRequests(db, rows, call.credentials), now);
    if (isProviderRoute(route) && call.ownKey) await recordProviderPollOutcome(db, batch.organizationId, route, null, now);
    return { results };
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    const until = await postpone(db, batch, route, rows, error, now);
    const who = callerName(route, rows);
    if (retriedInRun(route, error)) {
      // Reported here, counted per carrier; the job runner retries it without a stack trace of its own.
      reportOutage(who, error.message, rows.length, now);
      markReported(error);
      throw error;
    }
    const reason = `${who} ${error.kind === "rate_limited" ? "held back" : "refused"} the poll: ${error.message}`;
    if (isProviderRoute(route) && call.ownKey) await recordProviderPollOutcome(db, batch.organizationId, route, reason, now);
    warnHourly(
      `${route}:${who}:${batch.organizationId}`,
      `Waybill polls: ${reason} (organisation ${batch.organizationId}); next try at ${until.toISOString()}`,
      now,
    );
    return { postponed: { reason, until: until.toISOString() } };
  }
}
