import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { isDatabase, prepared } from "@/db/prepared";
import { insertedRowOf } from "@/db/table-rows";
import { courierConnections, trackings, type NewTracking, type Tracking } from "@/db/schema";
import { contributionOf } from "./insights/contribution";
import { countedFrom, counterValuesOf, type CounterValues } from "./insights/record-rollups";

/** The courier connection a new tracking gets: a checked id, none, or the courier's default. */
export type NewTrackingConnection = { id: string | null } | "courier-default";

// The courier's earliest connection of the organisation, inside the insert: no round trip of its own.
export const defaultConnection = (organizationId: SQL | Placeholder | string, slug: SQL | Placeholder | string) =>
  sql`(select ${courierConnections.id} from ${courierConnections}
    where ${courierConnections.organizationId} = ${organizationId} and ${courierConnections.courierSlug} = ${slug}
    order by ${courierConnections.id} limit 1)`;

/**
 * The row a new tracking's insert writes, from what it is given and the columns' defaults (the
 * schema states them in JavaScript; only `now()` defaults read null, and a create sets those).
 */
export const asInserted = insertedRowOf(trackings);

/**
 * The insert, and with it the rollup's upsert reading the inserted row: one statement, so the
 * tracking and its count are written together or not at all (a taken id or dedupe key writes
 * neither). It returns only what the database chose, the courier's default connection: the rest of
 * the row is what was given, and mapping 90 returned columns cost more than the insert.
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
      .returning({ courierConnectionId: trackings.courierConnectionId }),
  );
  return db
    .with(inserted, countedFrom(db, inserted, counters))
    .select()
    .from(inserted);
}

/**
 * One prepared statement per set of columns given. Drizzle builds this statement in more CPU than
 * PostgreSQL takes to run it, and a create's columns come from a few request shapes; past
 * MAX_SHAPES (a client sending ever new field sets), statements are built each time rather than kept.
 */
const MAX_SHAPES = 64;
const shapes = new Set<string>();
let prepareCounter = 0;
const counterParameter = (key: string) => `counted:${key}`;

function preparedInsert(db: Database, columns: string[], connection: NewTrackingConnection, counterKeys: string[]) {
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
    const counters = Object.fromEntries(counterKeys.map((key) => [key, sql.placeholder(counterParameter(key))])) as Record<keyof CounterValues, Placeholder>;
    return insertQuery(db, values, courierConnectionId, counters).prepare(`insert_tracking_${prepareCounter++}`);
  });
}

/**
 * Inserts a new tracking, counted in the insight rollups in the same statement; returns the row as
 * written, or undefined, with nothing written, when its id or dedupe key is already taken.
 */
export async function insertTracking(db: Executor, row: NewTracking, connection: NewTrackingConnection): Promise<Tracking | undefined> {
  const tracking = asInserted(row);
  // A new row is never delivered: it has no transit time to count, only counters.
  const counted = counterValuesOf(contributionOf(tracking));
  const values = Object.fromEntries(Object.entries(row).filter(([key, value]) => value !== undefined && key !== "courierConnectionId"));
  const counterKeys = Object.keys(counted);
  const insert = isDatabase(db) ? preparedInsert(db, Object.keys(values).sort(), connection, counterKeys) : undefined;
  let written: Array<{ courierConnectionId: string | null }>;
  if (insert) {
    const params: Record<string, unknown> = connection === "courier-default" ? values : { ...values, courierConnectionId: connection.id };
    for (const key of counterKeys) params[counterParameter(key)] = counted[key];
    written = await insert.execute(params);
  } else {
    const courierConnectionId = connection === "courier-default" ? defaultConnection(row.organizationId, row.slug) : connection.id;
    written = await insertQuery(db, values, courierConnectionId, counted);
  }
  if (!written[0]) return undefined;
  tracking.courierConnectionId = written[0].courierConnectionId;
  return tracking;
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
