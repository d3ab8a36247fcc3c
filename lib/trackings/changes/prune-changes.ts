import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { rowsOf } from "@/db/rows-of";

const BATCH = 5_000;

/**
 * Deletes changes older than their organisation's retention (organizations.change_retention_days;
 * null keeps them), a batch at a time so no statement holds many locks; returns how many went.
 */
export async function pruneChanges(db: Executor, now: Date): Promise<number> {
  let pruned = 0;
  for (;;) {
    const result = await db.execute(sql`
      with old as (
        select c.organization_id, c.position from tracking_changes c
        join organizations o on o.id = c.organization_id
        where o.change_retention_days is not null
          and c.occurred_at < ${now.toISOString()}::timestamptz - make_interval(days => o.change_retention_days)
        limit ${BATCH}
      )
      delete from tracking_changes t using old
      where t.organization_id = old.organization_id and t.position = old.position
      returning t.position`);
    const count = rowsOf(result).length;
    pruned += count;
    if (count < BATCH) return pruned;
  }
}
