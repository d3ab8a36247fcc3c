import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { isDatabase, prepared } from "@/db/prepared";
import { driverRowMapper, insertedRowOf } from "@/db/table-rows";
import { courierConnections, trackings, type NewTracking, type Tracking } from "@/db/schema";
import { countedFrom, type CounterValues } from "./insights/record-rollups";

/** The courier connection a new tracking gets: a checked id, none, or the courier's default. */
export type NewTrackingConnection = { id: string | null } | "courier-default";

// The courier's earliest connection of the organisation, inside the insert: no round trip of its own.
export const defaultConnection = (organizationId: SQL | Placeholder | string, slug: SQL | Placeholder | string) =>
  sql`(select ${courierConnections.id} from ${courierConnections}
    where ${courierConnections.organizationId} = ${organizationId} and ${courierConnections.courierSlug} = ${slug}
    order by ${courierConnections.id} limit 1)`;

/**
 * The row a new tracking's insert will return, from what it is given and the columns' defaults:
 * what its rollup counters are read from before the statement runs. `now()` defaults read null; a
 * create sets every such column.
 */
export const asInserted = insertedRowOf(trackings);
const trackingOf = driverRowMapper(trackings);

/**
 * The insert, and with it the rollup's upsert reading the inserted row: one statement, so the
 * tracking and its count are written together or not at all (a taken id or dedupe key writes neither).
 */
function insertQuery(
  db: Executor,
  values: Record<string, unknown>,
  courierConnectionId: SQL | Placeholder | string | null,
  counters: Record<keyof CounterValues, unknown>,
) {
  const inserted = db.$with("inserted").as(
    db
      .insert(trackings)
      .values({ ...(values as NewTracking), courierConnectionId })
      .onConflictDoNothing()
      .returning(),
  );
  return db
    .with(inserted, countedFrom(db, inserted, counters))
    .select()
    .from(inserted);
}

/**
 * One prepared statement per set of columns given. Drizzle builds an insert of this 80-column table
 * with its RETURNING list in ~300 µs of CPU, more than PostgreSQL takes to run it, and a create's
 * columns come from a few request shapes; past MAX_SHAPES (a client sending ever new field sets),
 * statements are built each time rather than kept.
 */
const MAX_SHAPES = 64;
const shapes = new Set<string>();
let prepareCounter = 0;
const COUNTER_PARAMETER = "counted:";

function preparedInsert(db: Database, columns: string[], connection: NewTrackingConnection, counterKeys: Array<keyof CounterValues>) {
  const byDefault = connection === "courier-default";
  const shape = `${columns.join(",")}${byDefault ? "" : ",courierConnectionId"}`;
  if (!shapes.has(shape)) {
    if (shapes.size >= MAX_SHAPES) return undefined;
    shapes.add(shape);
  }
  return prepared(db, `insert-tracking:${shape}`, () => {
    const values = Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)]));
    const courierConnectionId = byDefault
      ? defaultConnection(sql.placeholder("organizationId"), sql.placeholder("slug"))
      : sql.placeholder("courierConnectionId");
    const counters = Object.fromEntries(counterKeys.map((key) => [key, sql.placeholder(`${COUNTER_PARAMETER}${key}`)])) as Record<
      keyof CounterValues,
      Placeholder
    >;
    // Its row is mapped by a literal compiled for the table, not by drizzle's field-by-field walk
    // over the CTE's aliased columns (about 70 µs a create).
    return db._.session.prepareQuery<{ execute: Tracking[]; all: unknown; values: unknown }>(
      insertQuery(db, values, courierConnectionId, counters).toSQL(),
      undefined,
      `insert_tracking_${prepareCounter++}`,
      true,
      (rows) => rows.map(trackingOf),
    );
  });
}

/**
 * Inserts a new tracking and adds `counted` (its rollup row) in the same statement; undefined, with
 * nothing written, when its id or dedupe key is already taken.
 */
export async function insertTracking(db: Executor, row: NewTracking, connection: NewTrackingConnection, counted: CounterValues): Promise<Tracking | undefined> {
  const values = Object.fromEntries(Object.entries(row).filter(([key, value]) => value !== undefined && key !== "courierConnectionId"));
  const counterKeys = Object.keys(counted) as Array<keyof CounterValues>;
  const insert = isDatabase(db) ? preparedInsert(db, Object.keys(values).sort(), connection, counterKeys) : undefined;
  if (!insert) {
    const courierConnectionId = connection === "courier-default" ? defaultConnection(row.organizationId, row.slug) : connection.id;
    return (await insertQuery(db, values, courierConnectionId, counted))[0];
  }
  const params: Record<string, unknown> = connection === "courier-default" ? { ...values } : { ...values, courierConnectionId: connection.id };
  for (const key of counterKeys) params[`${COUNTER_PARAMETER}${key}`] = counted[key];
  const [created] = await insert.execute(params);
  return created;
}

/**
 * Inserts many new trackings in one statement (an import's page); returns those inserted; a row whose
 * id or dedupe key is taken is left out.
 */
export async function insertTrackings(db: Executor, rows: Array<{ row: NewTracking; connection: NewTrackingConnection }>): Promise<Tracking[]> {
  if (!rows.length) return [];
  const values = rows.map(({ row, connection }) => ({
    ...row,
    courierConnectionId: (connection === "courier-default" ? defaultConnection(row.organizationId, row.slug) : connection.id) as string | null,
  }));
  return db.insert(trackings).values(values).onConflictDoNothing().returning();
}
