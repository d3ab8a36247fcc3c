import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "@/db/client";
import { rowsOf } from "@/db/rows-of";
import type { Metrics } from "./metrics";

/**
 * Gauges read from the database when /metrics is scraped: the embedded runner's queue (runs not yet
 * ended, and how far past due the oldest is, per function) and the open needs-attention flags.
 */
export async function refreshDatabaseGauges(db: Database, { queueDepth, queueOldestDue, attentionOpen }: Metrics): Promise<void> {
  const queue = rowsOf<{ functionId: string; depth: number; overdueSeconds: number }>(
    await db.execute(sql`
      select function_id as "functionId", count(*)::int as depth,
        coalesce(extract(epoch from max(now() - wake_at) filter (where wake_at <= now())), 0)::float8 as "overdueSeconds"
      from job_runs where ended_at is null group by function_id`),
  );
  queueDepth.reset();
  queueOldestDue.reset();
  for (const row of queue) {
    queueDepth.set({ function: row.functionId }, row.depth);
    queueOldestDue.set({ function: row.functionId }, Number(row.overdueSeconds));
  }
  const flags = rowsOf<{ reason: string; open: number }>(
    await db.execute(sql`
      select reason, count(*)::int as open from attention_flags
      where resolved_at is null and (snoozed_until is null or snoozed_until <= now()) group by reason`),
  );
  attentionOpen.reset();
  for (const row of flags) attentionOpen.set({ reason: row.reason }, row.open);
}

/** The embedded database thread's memory; nothing in the scale mode, whose database is a server of its own. */
export async function refreshEmbeddedDatabaseMemory(handle: DatabaseHandle, { embeddedDatabaseMemory }: Metrics): Promise<void> {
  if (!handle.memory) return;
  const { webAssemblyBytes, heapBytes } = await handle.memory();
  embeddedDatabaseMemory.set({ part: "webassembly" }, webAssemblyBytes);
  embeddedDatabaseMemory.set({ part: "heap" }, heapBytes);
}
