import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { preparedOrBuilt } from "@/db/prepared";
import { trackingCounts } from "@/db/schema";

/** Past this many ledger rows under one filter, the reader folds the organisation's rows (one per key). */
export const FOLD_AFTER_ROWS = 500;

export interface CountsFilter {
  slugs?: string[];
  tags?: string[];
}

function prepareSum(db: Executor, filter: CountsFilter) {
  const conditions: SQL[] = [eq(trackingCounts.organizationId, sql.placeholder("organizationId"))];
  const anyOf = (column: AnyPgColumn, values: string[] | undefined, name: string) => {
    if (!values?.length) return "";
    conditions.push(values.length === 1 ? eq(column, sql.placeholder(name)) : sql`${column} = any(${sql.placeholder(name)})`);
    return values.length === 1 ? `${name}=` : name;
  };
  const shape = `${anyOf(trackingCounts.slug, filter.slugs, "slugs")};${anyOf(trackingCounts.tag, filter.tags, "tags")}`;
  return preparedOrBuilt(db, `tracking-counts:${shape}`, (executor) =>
    executor
      .select({ total: sql<number>`coalesce(sum(${trackingCounts.delta}), 0)::int`, rows: sql<number>`count(*)::int` })
      .from(trackingCounts)
      .where(and(...conditions))
      .prepare(`tracking_counts_${shape}`),
  );
}

const valueOf = (values: string[] | undefined) => (values?.length === 1 ? values[0] : values);

/** The organisation's trackings under a courier and status filter, from the ledger: exact, and a few rows to read. */
export async function countTrackings(db: Executor, organizationId: string, filter: CountsFilter): Promise<number> {
  const [{ total, rows } = { total: 0, rows: 0 }] = await prepareSum(db, filter).execute({
    organizationId,
    slugs: valueOf(filter.slugs),
    tags: valueOf(filter.tags),
  });
  if (rows > FOLD_AFTER_ROWS) await foldTrackingCounts(db, organizationId);
  return total;
}

/**
 * Replaces the organisation's ledger rows by their sum per key, in one statement: rows a concurrent
 * writer has not committed yet are not seen, so not deleted, and stay to be added. Two readers never
 * fold at once (a transaction-scoped advisory lock); the one that finds it held leaves the rows alone.
 */
export async function foldTrackingCounts(db: Executor, organizationId: string): Promise<void> {
  await db.execute(sql`
    with lock as (select pg_try_advisory_xact_lock(hashtextextended(${`tracking_counts:${organizationId}`}, 0)) as held),
    gone as (
      delete from ${trackingCounts}
      where ${trackingCounts.organizationId} = ${organizationId} and (select held from lock)
      returning ${trackingCounts.slug}, ${trackingCounts.tag}, ${trackingCounts.delta}
    )
    insert into ${trackingCounts} (organization_id, slug, tag, delta)
    select ${organizationId}, slug, tag, sum(delta) from gone group by slug, tag having sum(delta) <> 0`);
}

/** Folds every organisation whose ledger has piled up, read or not (an organisation that only writes would grow it for ever). */
export async function foldPiledTrackingCounts(db: Executor): Promise<number> {
  const piled = await db
    .select({ organizationId: trackingCounts.organizationId })
    .from(trackingCounts)
    .groupBy(trackingCounts.organizationId)
    .having(sql`count(*) > ${FOLD_AFTER_ROWS}`);
  for (const { organizationId } of piled) await foldTrackingCounts(db, organizationId);
  return piled.length;
}
