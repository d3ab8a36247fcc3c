import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { isDatabase, prepared } from "@/db/prepared";
import { insightRollups, insightTransit, type Tracking } from "@/db/schema";
import { type Contribution, contributionOf, COUNTERS, type Counter, type RollupKey } from "./contribution";

export interface RowChange {
  before: Tracking | null;
  after: Tracking | null;
}

const keyOf = (key: RollupKey) => `${key.organizationId}|${key.day}|${key.slug}|${key.origin}|${key.destination}`;

/** The changes' net effect: counters and transit buckets by row, zero entries dropped. */
export function rollupDeltas(changes: readonly RowChange[]) {
  const counters = new Map<string, { key: RollupKey; values: Partial<Record<Counter, number>> }>();
  const transit = new Map<string, { key: RollupKey; businessDays: number; shipments: number }>();
  const apply = (contribution: Contribution, sign: 1 | -1) => {
    const id = keyOf(contribution.key);
    const entry = counters.get(id) ?? { key: contribution.key, values: {} };
    for (const [counter, value] of Object.entries(contribution.counters) as Array<[Counter, number]>)
      entry.values[counter] = (entry.values[counter] ?? 0) + sign * value;
    counters.set(id, entry);
    if (contribution.transitBusinessDays !== null) {
      const bucket = `${id}|${contribution.transitBusinessDays}`;
      const row = transit.get(bucket) ?? { key: contribution.key, businessDays: contribution.transitBusinessDays, shipments: 0 };
      row.shipments += sign;
      transit.set(bucket, row);
    }
  };
  for (const { before, after } of changes) {
    if (before) apply(contributionOf(before), -1);
    if (after) apply(contributionOf(after), 1);
  }
  const counterRows = [...counters.values()].filter((entry) => Object.values(entry.values).some((value) => value !== 0));
  return { counterRows, transitRows: [...transit.values()].filter((row) => row.shipments !== 0) };
}

// A bulk change (a backfill) is written in slices: one statement's parameters stay bounded.
const SLICE = 500;

const ROLLUP_COLUMNS = ["organizationId", "day", "slug", "origin", "destination", ...COUNTERS] as const;
type RollupColumn = (typeof ROLLUP_COLUMNS)[number];
const TABLE_COLUMNS = Object.entries(getTableColumns(insightRollups)) as Array<
  [RollupColumn, (typeof insightRollups)["_"]["columns"][keyof (typeof insightRollups)["_"]["columns"]]]
>;

const ROLLUP_KEY = [insightRollups.organizationId, insightRollups.day, insightRollups.slug, insightRollups.origin, insightRollups.destination];
const ADD_ON_CONFLICT = Object.fromEntries(
  COUNTERS.map((counter) => [counter, sql`${insightRollups[counter]} + excluded.${sql.identifier(insightRollups[counter].name)}`]),
);

function counterUpsert(db: Executor, values: Array<Record<string, unknown>>) {
  return db
    .insert(insightRollups)
    .values(values as Array<typeof insightRollups.$inferInsert>)
    .onConflictDoUpdate({
      target: ROLLUP_KEY,
      set: ADD_ON_CONFLICT,
    });
}

/**
 * The upsert of one rollup row, as the body of a CTE: its key and the counters it adds (values or
 * placeholders, by column; a counter left out adds nothing), once for each row of `source`. Beside a
 * new tracking's insert, it counts the tracking only if the insert wrote it.
 */
export function countedFrom(source: SQL, values: Partial<Record<RollupColumn, unknown>>): SQL {
  const columns = TABLE_COLUMNS.filter(([key]) => key in values);
  const counters = columns.filter(([key]) => (COUNTERS as readonly string[]).includes(key));
  // Typed: PostgreSQL infers no parameter's type from an INSERT … SELECT's target columns.
  return sql`insert into ${insightRollups} as r (${sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  )}) select ${sql.join(
    columns.map(([key, column]) => sql`${values[key]}::${sql.raw(column.getSQLType())}`),
    sql`, `,
  )} from ${source} on conflict (${sql.join(
    ROLLUP_KEY.map((column) => sql.identifier(column.name)),
    sql`, `,
  )}) do update set ${sql.join(
    counters.map(([, column]) => sql`${sql.identifier(column.name)} = r.${sql.identifier(column.name)} + excluded.${sql.identifier(column.name)}`),
    sql`, `,
  )}`;
}

/**
 * One key's counters (a create, most single updates), prepared once per database: drizzle builds
 * this upsert of a few dozen columns in more CPU than PostgreSQL takes to run it.
 */
function preparedCounterUpsert(db: Database) {
  return prepared(db, "insight-rollup-upsert", () =>
    counterUpsert(db, [Object.fromEntries(ROLLUP_COLUMNS.map((column) => [column, sql.placeholder(column)]))]).prepare("insight_rollup_upsert"),
  );
}

/**
 * Adds the changes of tracking rows to the rollups, in the caller's transaction: two upserts at most
 * for a poll's batch, none when nothing the rollups count has changed (most polls).
 */
export async function recordRollupChanges(db: Executor, changes: readonly RowChange[]): Promise<void> {
  const { counterRows, transitRows } = rollupDeltas(changes);
  const counterValues = counterRows.map(({ key, values }) => ({ ...key, ...Object.fromEntries(COUNTERS.map((counter) => [counter, values[counter] ?? 0])) }));
  if (counterValues.length === 1 && isDatabase(db)) await preparedCounterUpsert(db).execute(counterValues[0]);
  else for (let start = 0; start < counterValues.length; start += SLICE) await counterUpsert(db, counterValues.slice(start, start + SLICE));
  for (let start = 0; start < transitRows.length; start += SLICE) {
    await db
      .insert(insightTransit)
      .values(transitRows.slice(start, start + SLICE).map(({ key, businessDays, shipments }) => ({ ...key, businessDays, shipments })))
      .onConflictDoUpdate({
        target: [
          insightTransit.organizationId,
          insightTransit.day,
          insightTransit.slug,
          insightTransit.origin,
          insightTransit.destination,
          insightTransit.businessDays,
        ],
        set: { shipments: sql`${insightTransit.shipments} + excluded.shipments` },
      });
  }
}
