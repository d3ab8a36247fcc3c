import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { listSnapshots } from "@/db/schema";

/** How long later pages of a query keep seeing page 1's rows. */
export const SNAPSHOT_TTL_MS = 30 * 60_000;

const hashQuery = (queryKey: string) => createHash("sha256").update(queryKey, "utf8").digest("hex");

/**
 * Page-based lists (v4, 2024-07) are newest first, so a tracking created while a client pages
 * would push every later page down by one. Page 1 pins "now" for its query; later pages of the same
 * query reuse it, so no row is skipped or repeated. The pin lives in the database, not in process
 * memory, so pages served by different instances agree.
 */
export async function listSnapshotTime(db: Executor, organizationId: string, queryKey: string, page: number, now = new Date()): Promise<Date> {
  const queryHash = hashQuery(queryKey);
  if (page > 1) {
    const [pinned] = await db
      .select({ pinnedAt: listSnapshots.pinnedAt })
      .from(listSnapshots)
      .where(and(eq(listSnapshots.organizationId, organizationId), eq(listSnapshots.queryHash, queryHash), gt(listSnapshots.expiresAt, now)))
      .limit(1);
    if (pinned) return pinned.pinnedAt;
  }
  const expiresAt = new Date(now.getTime() + SNAPSHOT_TTL_MS);
  // One round trip: pin this query, and drop the organisation's expired pins so the table stays small.
  await db.execute(sql`
    with expired as (
      delete from ${listSnapshots}
      where ${listSnapshots.organizationId} = ${organizationId} and ${listSnapshots.expiresAt} < ${now.toISOString()} and ${listSnapshots.queryHash} <> ${queryHash}
    )
    insert into ${listSnapshots} (organization_id, query_hash, pinned_at, expires_at)
    values (${organizationId}, ${queryHash}, ${now.toISOString()}, ${expiresAt.toISOString()})
    on conflict (organization_id, query_hash) do update set pinned_at = excluded.pinned_at, expires_at = excluded.expires_at`);
  return now;
}
