import { asc, inArray, lt } from "drizzle-orm";
import type { EventType } from "inngest";
import type { z } from "zod";
import type { Database, Executor } from "@/db/client";
import { followUps, type FollowUp } from "@/db/schema";
import { sendStoredEvents, storableEvent } from "@/lib/events/events";
import { newId } from "@/lib/ids";
import { log } from "@/lib/observability/log";

/** How long a follow-up may wait for its verb's own send before the sweep sends it instead. */
export const FOLLOW_UP_GRACE_MS = 30_000;
const SWEEP_BATCH = 500;

/** An event validated for the outbox (`storableEvent`). */
export type FollowUpEvent = ReturnType<typeof storableEvent>;

/**
 * The one way a verb sends events: it records them in its own transaction (the outbox) and, after
 * the commit, hands the ids to `sendFollowUps`; a crash in between leaves them to the sweep.
 * Returns their ids, in order.
 */
export async function recordFollowUps(tx: Executor, organizationId: string, events: FollowUpEvent[]): Promise<string[]> {
  if (!events.length) return [];
  const rows = events.map((event) => ({ id: newId(), organizationId, ...event }));
  await tx.insert(followUps).values(rows);
  return rows.map((row) => row.id);
}

/** Records one event in the caller's transaction (see `recordFollowUps`); returns its id. */
export async function recordFollowUp<TName extends string, TSchema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  tx: Executor,
  organizationId: string,
  event: EventType<TName, TSchema>,
  data: z.input<TSchema>,
): Promise<string> {
  const [id] = await recordFollowUps(tx, organizationId, [storableEvent(event, data)]);
  return id!;
}

async function sendAndForget(db: Executor, rows: FollowUp[]): Promise<void> {
  if (!rows.length) return;
  await sendStoredEvents(rows.map(({ id, name, data }) => ({ id, name, data })));
  await db.delete(followUps).where(
    inArray(
      followUps.id,
      rows.map((row) => row.id),
    ),
  );
}

/**
 * After the commit: sends the follow-ups a verb recorded and deletes them. A failed send is only
 * logged; the rows stay for the sweep, so nothing the verb owed is lost.
 */
export async function sendFollowUps(db: Database, ids: string[]): Promise<void> {
  if (!ids.length) return;
  try {
    await sendAndForget(db, await db.select().from(followUps).where(inArray(followUps.id, ids)));
  } catch (error) {
    log().warn(
      { event: "follow_ups_not_sent", count: ids.length, error: error instanceof Error ? error.name : "error" },
      "Waybill follow-ups: could not be sent now; the sweep will send them",
    );
  }
}

/**
 * Sends follow-ups older than the grace period (their process died between commit and send, or the
 * send failed), oldest first, until none is left; returns how many were sent. Instances sweeping at
 * once may send a row twice: its id is the event id, so its work starts once. No transaction is
 * held across the send (on PGlite the send writes through the same connection).
 */
export async function sweepFollowUps(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - FOLLOW_UP_GRACE_MS);
  let sent = 0;
  for (;;) {
    const rows = await db.select().from(followUps).where(lt(followUps.createdAt, cutoff)).orderBy(asc(followUps.createdAt)).limit(SWEEP_BATCH);
    await sendAndForget(db, rows);
    sent += rows.length;
    if (rows.length < SWEEP_BATCH) return sent;
  }
}
