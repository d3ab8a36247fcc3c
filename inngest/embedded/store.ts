import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows-of";
import { type JobEvent, jobEvents, type JobRun, jobRuns, jobSteps, type MemoisedStep, type NewJobEvent, type NewJobRun } from "@/db/schema";

/** A run with its finished steps, as the SDK needs them: results by hashed id, and their order. */
export interface RunRecord {
  run: JobRun;
  steps: Record<string, MemoisedStep>;
  stack: string[];
}

export interface FinishedStep {
  stepId: string;
  name: string | null;
  result: MemoisedStep;
}

/** Stores events; an id already stored is ignored, which is how a repeated send is deduplicated. */
export async function insertEvents(db: Database, events: NewJobEvent[]): Promise<void> {
  if (events.length) await db.insert(jobEvents).values(events).onConflictDoNothing();
}

/** Events not yet turned into runs: some by id, or the oldest `limit`. */
export async function pendingEvents(db: Database, filter: { ids: string[] } | { limit: number }): Promise<JobEvent[]> {
  const query = db.select().from(jobEvents);
  if ("ids" in filter) return query.where(and(isNull(jobEvents.dispatchedAt), inArray(jobEvents.id, filter.ids)));
  return query.where(isNull(jobEvents.dispatchedAt)).orderBy(asc(jobEvents.receivedAt)).limit(filter.limit);
}

/** Creates the events' runs and marks them dispatched together; runs that already exist are skipped. */
export async function dispatchEvents(db: Database, eventIds: string[], runs: NewJobRun[], now: Date): Promise<JobRun[]> {
  return db.transaction(async (tx) => {
    const created = runs.length ? await tx.insert(jobRuns).values(runs).onConflictDoNothing().returning() : [];
    if (eventIds.length) await tx.update(jobEvents).set({ dispatchedAt: now }).where(inArray(jobEvents.id, eventIds));
    return created;
  });
}

/**
 * Takes a due run for one drive: moves its wake-up to `leaseUntil` and bumps its version, so no
 * other runner (a queue job here or on another instance) can take it until the lease lapses, and
 * a runner whose lease lapsed cannot save. `heldVersion`: the run was created leased to this
 * runner at that version, which it may take up again while nobody else has. Undefined when the run
 * is not due, ended or taken.
 */
export async function claimRun(db: Database, runId: string, now: Date, leaseUntil: Date, heldVersion?: number): Promise<RunRecord | undefined> {
  const due = lte(jobRuns.wakeAt, now);
  const [run] = await db
    .update(jobRuns)
    .set({ wakeAt: leaseUntil, version: sql`${jobRuns.version} + 1` })
    .where(and(eq(jobRuns.id, runId), heldVersion === undefined ? due : or(due, eq(jobRuns.version, heldVersion))))
    .returning();
  if (!run) return undefined;
  // Version 1 means no runner saved before this claim, so there are no steps to read.
  if (run.version === 1) return { run, steps: {}, stack: [] };
  const rows = await db
    .select({ stepId: jobSteps.stepId, result: jobSteps.result })
    .from(jobSteps)
    .where(eq(jobSteps.runId, runId))
    .orderBy(asc(jobSteps.position));
  return { run, steps: Object.fromEntries(rows.map((row) => [row.stepId, row.result])), stack: rows.map((row) => row.stepId) };
}

/** Where a run stands when it could not be claimed: its next wake-up, or null once it ended. */
export async function runWakeUp(db: Database, runId: string): Promise<Pick<JobRun, "id" | "functionId" | "concurrencyKey" | "wakeAt"> | undefined> {
  const [run] = await db
    .select({ id: jobRuns.id, functionId: jobRuns.functionId, concurrencyKey: jobRuns.concurrencyKey, wakeAt: jobRuns.wakeAt })
    .from(jobRuns)
    .where(eq(jobRuns.id, runId));
  return run;
}

/** Makes a run created leased to this runner due now, for another runner or a later pull; nothing if it moved on. */
export async function releaseRun(db: Database, runId: string, version: number, now: Date): Promise<void> {
  await db
    .update(jobRuns)
    .set({ wakeAt: now })
    .where(and(eq(jobRuns.id, runId), eq(jobRuns.version, version)));
}

/** Keeps a long drive's lease; does nothing once the run was saved or claimed at another version. */
export async function extendLease(db: Database, runId: string, version: number, leaseUntil: Date): Promise<void> {
  await db
    .update(jobRuns)
    .set({ wakeAt: leaseUntil })
    .where(and(eq(jobRuns.id, runId), eq(jobRuns.version, version)));
}

export type RunChanges = Partial<Omit<JobRun, "id" | "functionId" | "eventId" | "event" | "version" | "createdAt">>;

/**
 * Saves a run's progress if nobody saved or claimed it since `version`: a runner whose lease lapsed
 * gets `false` and must drop the run. New steps, and a failure notice, commit with the run in one
 * statement (one round trip, no transaction).
 */
export async function saveRun(
  db: Database,
  record: { runId: string; version: number; position: number },
  changes: RunChanges,
  newSteps: FinishedStep[],
  failureEvent?: NewJobEvent,
): Promise<boolean> {
  const update = db
    .update(jobRuns)
    .set({ ...changes, version: sql`${jobRuns.version} + 1` })
    .where(and(eq(jobRuns.id, record.runId), eq(jobRuns.version, record.version)))
    .returning({ id: jobRuns.id });
  const writes: SQL[] = [];
  if (newSteps.length) {
    const completedAt = (changes.updatedAt ?? new Date()).toISOString();
    const steps = newSteps.map((step, index) => ({ step_id: step.stepId, name: step.name, position: record.position + index, result: step.result }));
    writes.push(sql`, new_steps as (
      insert into ${jobSteps} (run_id, step_id, name, position, result, completed_at)
      select saved.id, s.step_id, s.name, s.position, s.result, ${completedAt}::timestamptz
      from saved, jsonb_to_recordset(${JSON.stringify(steps)}::jsonb) as s(step_id text, name text, position int, result jsonb)
      on conflict do nothing)`);
  }
  if (failureEvent) {
    const { id, name, payload, targetFunctionId, receivedAt } = failureEvent;
    writes.push(sql`, failure_event as (
      insert into ${jobEvents} (id, name, payload, target_function_id, received_at)
      select ${id}::text, ${name}::text, ${JSON.stringify(payload)}::jsonb, ${targetFunctionId ?? null}::text, ${(receivedAt ?? new Date()).toISOString()}::timestamptz
      from saved
      on conflict do nothing)`);
  }
  const result = await db.execute(sql`with saved as ${update}${sql.join(writes)} select count(*)::int as saved from saved`);
  return (rowsOf<{ saved: number }>(result)[0]?.saved ?? 0) > 0;
}

/**
 * Stores new events and creates their runs, marked dispatched, in one statement; says which events
 * were new. A run may be created leased (its `version` and `wakeAt` say so): its runner then
 * drives it without claiming it first.
 */
export async function acceptEvents(
  db: Database,
  events: NewJobEvent[],
  runs: NewJobRun[],
): Promise<{ newEventIds: Set<string>; created: Pick<JobRun, "id" | "functionId" | "concurrencyKey">[] }> {
  if (!events.length) return { newEventIds: new Set(), created: [] };
  const eventRows = events.map((event) => ({
    id: event.id,
    name: event.name,
    payload: event.payload,
    target_function_id: event.targetFunctionId ?? null,
    received_at: (event.receivedAt ?? new Date()).toISOString(),
  }));
  const runRows = runs.map((run) => ({
    id: run.id,
    function_id: run.functionId,
    event_id: run.eventId,
    event: run.event,
    status: run.status,
    max_attempts: run.maxAttempts,
    concurrency_key: run.concurrencyKey ?? null,
    wake_at: run.wakeAt?.toISOString() ?? null,
    version: run.version ?? 0,
    created_at: (run.createdAt ?? new Date()).toISOString(),
  }));
  const result = await db.execute(sql`
    with new_events as (
      insert into ${jobEvents} (id, name, payload, target_function_id, received_at, dispatched_at)
      select e.id, e.name, e.payload, e.target_function_id, e.received_at, e.received_at
      from jsonb_to_recordset(${JSON.stringify(eventRows)}::jsonb) as e(id text, name text, payload jsonb, target_function_id text, received_at timestamptz)
      on conflict do nothing
      returning id
    ), created as (
      insert into ${jobRuns} (id, function_id, event_id, event, status, max_attempts, concurrency_key, wake_at, version, created_at, updated_at)
      select r.id, r.function_id, r.event_id, r.event, r.status, r.max_attempts, r.concurrency_key, r.wake_at, r.version, r.created_at, r.created_at
      from jsonb_to_recordset(${JSON.stringify(runRows)}::jsonb) as r(id text, function_id text, event_id text, event jsonb, status text, max_attempts int, concurrency_key text, wake_at timestamptz, version int, created_at timestamptz)
      where r.event_id in (select id from new_events)
      on conflict do nothing
      returning id
    )
    select (select coalesce(json_agg(id), '[]') from new_events) as events, (select coalesce(json_agg(id), '[]') from created) as runs`);
  const [row] = rowsOf<{ events: string[] | string; runs: string[] | string }>(result);
  const newEventIds = new Set(parseJson(row?.events));
  const createdIds = new Set(parseJson(row?.runs));
  const created = runs
    .filter((run) => createdIds.has(run.id!))
    .map((run) => ({ id: run.id!, functionId: run.functionId, concurrencyKey: run.concurrencyKey ?? null }));
  return { newEventIds, created };
}

/** Runs that have not ended and are due by `dueBy` (all of them without it). */
export async function unfinishedRuns(db: Database, dueBy?: Date): Promise<Pick<JobRun, "id" | "functionId" | "concurrencyKey" | "wakeAt">[]> {
  return db
    .select({ id: jobRuns.id, functionId: jobRuns.functionId, concurrencyKey: jobRuns.concurrencyKey, wakeAt: jobRuns.wakeAt })
    .from(jobRuns)
    .where(dueBy ? lte(jobRuns.wakeAt, dueBy) : isNotNull(jobRuns.wakeAt));
}

/**
 * The first `limit` runs due by `now`, in the order Inngest's queue would start them: due time less
 * the function's priority (seconds, by function id).
 */
export async function dueRuns(
  db: Database,
  now: Date,
  limit: number,
  priorities: Record<string, number>,
): Promise<Pick<JobRun, "id" | "functionId" | "concurrencyKey" | "wakeAt">[]> {
  const entries = Object.entries(priorities);
  const ahead = entries.length
    ? sql`case ${jobRuns.functionId} ${sql.join(
        entries.map(([id, seconds]) => sql`when ${id} then ${seconds}::int`),
        sql` `,
      )} else 0 end`
    : sql`0`;
  return db
    .select({ id: jobRuns.id, functionId: jobRuns.functionId, concurrencyKey: jobRuns.concurrencyKey, wakeAt: jobRuns.wakeAt })
    .from(jobRuns)
    .where(lte(jobRuns.wakeAt, now))
    .orderBy(sql`${jobRuns.wakeAt} - make_interval(secs => ${ahead})`)
    .limit(limit);
}

/** Deletes a batch of runs (with their steps) that ended, and of dispatched events received, before `cutoff`. */
export async function deleteFinishedBefore(db: Database, cutoff: Date, batch = 1000): Promise<void> {
  const endedRuns = db.select({ id: jobRuns.id }).from(jobRuns).where(lt(jobRuns.endedAt, cutoff)).limit(batch);
  await db.delete(jobRuns).where(inArray(jobRuns.id, endedRuns));
  const oldEvents = db
    .select({ id: jobEvents.id })
    .from(jobEvents)
    .where(and(lt(jobEvents.receivedAt, cutoff), isNotNull(jobEvents.dispatchedAt)))
    .limit(batch);
  await db.delete(jobEvents).where(inArray(jobEvents.id, oldEvents));
}

// json_agg arrives parsed from both drivers, but as text where a driver leaves json alone.
function parseJson(value: string[] | string | undefined): string[] {
  if (value === undefined) return [];
  return typeof value === "string" ? (JSON.parse(value) as string[]) : value;
}
