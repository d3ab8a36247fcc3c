import type { Database } from "@/db/client";
import { metrics } from "@/lib/observability/metrics";
import type { Tracking } from "@/db/schema";
import type { TrackResult } from "@/lib/carriers/types";
import { callRoute, loadPollable, pollSoon, routeCall } from "./call-poll-route";
import { notTrackableMessage } from "./not-trackable";
import type { PollBatch } from "./poll-dispatch";
import { warnHourly } from "./poll-log";
import { routesOf, type NotTrackableCode } from "./poll-route";
import type { PollMode } from "./poll-schedule";
import type { PollOutcome } from "./poll-outcome-events";
import { storeAnswers } from "./store-poll-answers";

/**
 * Polls one batch: asks its route (the courier's adapter with each tracking's connection, or the
 * organisation's tracking provider with its key) about the trackings that still want it, and
 * stores each answer; trackings nobody can follow are only rescheduled, with the reason. A refusal
 * or a provider's limit postpones the batch and is reported in the outcome; an outage (or a direct
 * carrier's rate limit) is rethrown, once the batch is postponed, for the caller to retry.
 */
export async function pollTrackingBatch(db: Database, batch: PollBatch & { estimate?: boolean }, now: Date): Promise<PollOutcome> {
  const route = batch.route ?? "direct";
  // By courier (a catalogue slug) or provider: never by organisation or number.
  const carrier = route === "direct" ? (batch.slug ?? "unknown") : route;
  try {
    const outcome = await pollBatch(db, batch, now);
    const asked = batch.trackingIds.length - outcome.skipped;
    const result = outcome.postponed ? "postponed" : route === "untrackable" ? "not_trackable" : "answered";
    if (asked > 0) metrics().polls.inc({ carrier, outcome: result }, asked);
    return outcome;
  } catch (error) {
    metrics().polls.inc({ carrier, outcome: "failed" }, batch.trackingIds.length);
    throw error;
  }
}

async function pollBatch(db: Database, batch: PollBatch & { estimate?: boolean }, now: Date): Promise<PollOutcome> {
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
    const answered = await callRoute(db, batch, route, rows, call, now);
    if ("postponed" in answered)
      return { polled: 0, skipped: batch.trackingIds.length - rows.length, changes: [], firstPolledIds: [], postponed: answered.postponed };
    results = answered.results;
  }
  for (const row of rows) {
    const code = notTrackable.get(row.id);
    if (code) warnHourly(`untrackable:${row.slug}`, `Waybill polls: ${notTrackableMessage(row.slug, code)}; looked at again every 6 hours`, now);
  }

  const mode: PollMode = call?.mode ?? "untrackable";
  const answer = (row: Tracking) => ({ result: results.get(row.id), notTrackable: notTrackable.get(row.id) });
  return storeAnswers(db, batch, rows, answer, mode, now, { estimatesAskedUpFront: Boolean(batch.estimate) });
}
