import { and, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { preparedOrBuilt } from "@/db/prepared";
import { trackingCounts, trackings } from "@/db/schema";

/** Past this many writers' rows under one filter, the reader folds the organisation's rows (one per key). */
export const FOLD_AFTER_ROWS = 500;

const DAY_MS = 86_400_000;

export interface CountsFilter {
  slugs?: string[];
  tags?: string[];
  createdAtMin?: Date;
  createdAtMax?: Date;
}

/**
 * A creation window as whole UTC days, summed from the ledger, and the two ends outside them,
 * counted row by row: `[min, wholeFrom)` and `[wholeUntil, max]`. Null when the window holds no
 * whole day (it then spans two days at most, so counting its rows is cheap).
 */
function splitWindow(min: Date | undefined, max: Date | undefined) {
  const wholeFrom = min && new Date(Math.ceil(min.getTime() / DAY_MS) * DAY_MS);
  const wholeUntil = max && new Date(Math.floor(max.getTime() / DAY_MS) * DAY_MS);
  if (wholeFrom && wholeUntil && wholeFrom >= wholeUntil) return null;
  return { wholeFrom, wholeUntil };
}

const day = (instant: Date) => instant.toISOString().slice(0, 10);

type Window = NonNullable<ReturnType<typeof splitWindow>>;

function prepareCount(db: Executor, filter: CountsFilter, window: Window) {
  const parts = (names: { slug: AnyPgColumn; tag: AnyPgColumn; organizationId: AnyPgColumn }) => {
    const conditions: SQL[] = [eq(names.organizationId, sql.placeholder("organizationId"))];
    const anyOf = (column: AnyPgColumn, values: string[] | undefined, name: string) => {
      if (!values?.length) return "";
      conditions.push(values.length === 1 ? eq(column, sql.placeholder(name)) : sql`${column} = any(${sql.placeholder(name)})`);
      return values.length === 1 ? `${name}=` : name;
    };
    const shape = `${anyOf(names.slug, filter.slugs, "slugs")};${anyOf(names.tag, filter.tags, "tags")}`;
    return { conditions, shape };
  };
  const ledger = parts(trackingCounts);
  if (window.wholeFrom) ledger.conditions.push(gte(trackingCounts.day, sql.placeholder("wholeFromDay")));
  if (window.wholeUntil) ledger.conditions.push(lt(trackingCounts.day, sql.placeholder("wholeUntilDay")));
  const rows = parts(trackings).conditions;
  const endCount = (...bounds: SQL[]) => sql`(select count(*) from ${trackings} where ${and(...rows, ...bounds)})`;
  const ends: SQL[] = [];
  if (window.wholeFrom) ends.push(endCount(gte(trackings.createdAt, sql.placeholder("createdAtMin")), lt(trackings.createdAt, sql.placeholder("wholeFrom"))));
  if (window.wholeUntil)
    ends.push(endCount(gte(trackings.createdAt, sql.placeholder("wholeUntil")), lte(trackings.createdAt, sql.placeholder("createdAtMax"))));
  const shape = `${ledger.shape};${window.wholeFrom ? "from" : ""};${window.wholeUntil ? "until" : ""}`;
  return preparedOrBuilt(db, `tracking-counts:${shape}`, (executor) =>
    executor
      .select({
        total: sql<number>`(coalesce(sum(${trackingCounts.delta}), 0) ${sql.join(
          ends.map((end) => sql`+ ${end}`),
          sql` `,
        )})::int`,
        changes: sql<number>`(count(*) filter (where not ${trackingCounts.folded}))::int`,
      })
      .from(trackingCounts)
      .where(and(...ledger.conditions))
      .prepare(`tracking_counts_${shape}`),
  );
}

const valueOf = (values: string[] | undefined) => (values?.length === 1 ? values[0] : values);

/**
 * The organisation's trackings under a courier, status and creation-window filter: whole days from
 * the ledger, the window's two ends from the rows, so a million trackings cost a few hundred ledger
 * rows and two days' index entries. Null when the window holds no whole day: count the rows then.
 */
export async function countTrackings(db: Executor, organizationId: string, filter: CountsFilter): Promise<number | null> {
  const window = splitWindow(filter.createdAtMin, filter.createdAtMax);
  if (!window) return null;
  const [{ total, changes } = { total: 0, changes: 0 }] = await prepareCount(db, filter, window).execute({
    organizationId,
    slugs: valueOf(filter.slugs),
    tags: valueOf(filter.tags),
    ...(window.wholeFrom && {
      wholeFromDay: day(window.wholeFrom),
      wholeFrom: window.wholeFrom.toISOString(),
      createdAtMin: filter.createdAtMin!.toISOString(),
    }),
    ...(window.wholeUntil && {
      wholeUntilDay: day(window.wholeUntil),
      wholeUntil: window.wholeUntil.toISOString(),
      createdAtMax: filter.createdAtMax!.toISOString(),
    }),
  });
  if (changes > FOLD_AFTER_ROWS) await foldTrackingCounts(db, organizationId);
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
      returning ${trackingCounts.slug}, ${trackingCounts.tag}, ${trackingCounts.day}, ${trackingCounts.delta}
    )
    insert into ${trackingCounts} (organization_id, slug, tag, day, delta, folded)
    select ${organizationId}, slug, tag, day, sum(delta), true from gone group by slug, tag, day having sum(delta) <> 0`);
}

/** Folds every organisation whose ledger has piled up, read or not (an organisation that only writes would grow it for ever). */
export async function foldPiledTrackingCounts(db: Executor): Promise<number> {
  const piled = await db
    .select({ organizationId: trackingCounts.organizationId })
    .from(trackingCounts)
    .groupBy(trackingCounts.organizationId)
    .having(sql`count(*) filter (where not ${trackingCounts.folded}) > ${FOLD_AFTER_ROWS}`);
  for (const { organizationId } of piled) await foldTrackingCounts(db, organizationId);
  return piled.length;
}
