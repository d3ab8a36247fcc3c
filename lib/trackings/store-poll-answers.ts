import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database, Transaction } from "@/db/client";
import { trackings, type Tracking } from "@/db/schema";
import { subtagMessage } from "@/lib/carriers/subtags";
import type { TrackResult } from "@/lib/carriers/types";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { recordFollowUps, sendFollowUps } from "@/lib/events/follow-ups";
import { applyTrackingUpdates, type TrackingChange, type TrackingUpdate } from "./apply-tracking-update";
import { recordChanges } from "./changes/record-changes";
import { changeIdsOf, updateChanges } from "./changes/update-changes";
import { isNotTrackableMessage, notTrackableMessage } from "./not-trackable";
import type { PollBatch } from "./poll-dispatch";
import { pollOutcomeEvents, type PolledChange, type PollOutcome } from "./poll-outcome-events";
import { isProviderRoute, type NotTrackableCode } from "./poll-route";
import { EXPIRED_STATUS, isPendingExpired, pollScheduleColumns, type PollMode } from "./poll-schedule";
import { providerTrackingRef, type ProviderTrackingRef } from "./provider-tracking-ref";
import { trackingUpdatedData } from "./tracking-updated-data";

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

type Answer = (row: Tracking) => { result?: TrackResult; notTrackable?: NotTrackableCode };

/** The batch's answers written under lock: one statement locks the rows (in id order, so instances storing overlapping batches cannot deadlock), then all are written together. */
async function writeAnswers(
  tx: Transaction,
  batch: PollBatch,
  rows: Tracking[],
  answer: Answer,
  mode: PollMode,
  now: Date,
): Promise<Map<string, { before: Tracking; change: TrackingChange }>> {
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
  return new Map(changes.map((change, index) => [change.record.tracking.id, { before: updates[index]!.tracking, change }]));
}

/** What a merchant would notice of the stored answers, what was polled first, and what ended at a provider. */
function outcomeOf(batch: PollBatch, rows: Tracking[], stored: Map<string, TrackingChange>, changeIds: Map<string, string>): PollOutcome {
  const changes: PolledChange[] = [];
  const firstPolledIds: string[] = [];
  const ended: ProviderTrackingRef[] = [];
  for (const row of rows) {
    const change = stored.get(row.id);
    if (!change) continue;
    if (!row.lastPolledAt) firstPolledIds.push(row.id);
    if (!change.record.tracking.active) ended.push(providerTrackingRef(row));
    if (change.changed) changes.push({ ...trackingUpdatedData(change), changeId: changeIds.get(row.id), newCheckpointCount: change.newCheckpointCount });
  }
  const route = batch.route ?? "direct";
  const provider = isProviderRoute(route) ? route : undefined;
  return {
    polled: stored.size,
    skipped: batch.trackingIds.length - stored.size,
    changes,
    firstPolledIds,
    ...(provider && ended.length ? { ended: { provider, trackings: ended } } : {}),
  };
}

/**
 * Stores a poll's (or a push's) answers in one short transaction, with the events they announce
 * (recorded in it, sent after the commit), and says what changed.
 */
export async function storeAnswers(
  db: Database,
  batch: PollBatch,
  rows: Tracking[],
  answer: Answer,
  mode: PollMode,
  now: Date,
  options: { estimatesAskedUpFront: boolean },
): Promise<PollOutcome> {
  if (!rows.length) return outcomeOf(batch, rows, new Map(), new Map());
  const { outcome, followUps } = await db.transaction(async (tx) => {
    const stored = await writeAnswers(tx, batch, rows, answer, mode, now);
    const recorded = await recordChanges(tx, batch.organizationId, updateChanges("tracking.updated", [...stored.values()]));
    const changes = new Map([...stored].map(([id, { change }]) => [id, change]));
    const outcome = outcomeOf(batch, rows, changes, changeIdsOf(recorded, "tracking.updated"));
    const followUps = await recordFollowUps(tx, batch.organizationId, pollOutcomeEvents(batch.organizationId, outcome, options.estimatesAskedUpFront));
    return { outcome, followUps };
  });
  await sendFollowUps(db, followUps);
  return outcome;
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
  // A push asks for no first estimate: the create asked for it already.
  return storeAnswers(db, batch, rows, (row) => ({ result: results.get(row.id) }), "pushed", now, { estimatesAskedUpFront: true });
}
