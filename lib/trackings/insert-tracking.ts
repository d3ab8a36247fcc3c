import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, Executor } from "@/db/client";
import { isDatabase, prepared } from "@/db/prepared";
import { insertedRowOf } from "@/db/table-rows";
import { courierConnections, trackings, type NewTracking, type Tracking } from "@/db/schema";
import { contributionOf } from "./insights/contribution";
import { countedFrom } from "./insights/record-rollups";

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

const dialect = new PgDialect();

/**
 * The insert, and with it the rollup's upsert reading the inserted row: one statement, so the
 * tracking and its count are written together or not at all (a taken id or dedupe key writes
 * neither). Written out rather than built by drizzle, whose insert names all 90 columns (`default`
 * for those not given) and returns them all: the statement's text went from 8.5 KB to about 1, and
 * the driver hashes that text on every execution. It returns only what the database chose, the
 * courier's default connection; the rest of the row is the one given.
 */
function insertStatement(values: Record<string, unknown>, courierConnectionId: unknown, counted: Record<string, unknown>): SQL {
  const given = Object.keys(values) as Array<keyof typeof trackings.$inferInsert>;
  const columns = sql.join([...given.map((key) => sql.identifier(trackings[key].name)), sql.identifier(trackings.courierConnectionId.name)], sql`, `);
  const params = sql.join([...given.map((key) => sql.param(values[key], trackings[key])), sql`${courierConnectionId}`], sql`, `);
  const connectionColumn = sql.identifier(trackings.courierConnectionId.name);
  return sql`with inserted as (insert into ${trackings} (${columns}) values (${params}) on conflict do nothing returning ${connectionColumn}),
    counted as (${countedFrom(sql`inserted`, counted)})
    select ${connectionColumn} from inserted`;
}

/** Runs the statement on any executor (a database or a transaction), its rows as values. */
function prepare(db: Executor, statement: SQL, name?: string) {
  return db._.session.prepareQuery<{ execute: unknown[][]; all: unknown; values: unknown }>(
    dialect.sqlToQuery(statement),
    undefined,
    name,
    true,
    (rows) => rows,
  );
}

/**
 * One prepared statement per set of columns and counters given (a create's come from a few request
 * shapes); past MAX_SHAPES (a client sending ever new field sets), statements are built each time.
 */
const MAX_SHAPES = 64;
const shapes = new Set<string>();
let prepareCounter = 0;
const counterParameter = (key: string) => `counted:${key}`;

function preparedInsert(db: Database, columns: string[], connection: NewTrackingConnection, counterKeys: string[]) {
  const byDefault = connection === "courier-default";
  const shape = `${columns.join(",")}${byDefault ? "" : ",courierConnectionId"};${counterKeys.join(",")}`;
  if (!shapes.has(shape)) {
    if (shapes.size >= MAX_SHAPES) return undefined;
    shapes.add(shape);
  }
  return prepared(db, `insert-tracking:${shape}`, () => {
    const values = Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)]));
    const courierConnectionId = byDefault
      ? defaultConnection(sql.placeholder("organizationId"), sql.placeholder("slug"))
      : sql.placeholder("courierConnectionId");
    const counted = Object.fromEntries(counterKeys.map((key) => [key, sql.placeholder(counterParameter(key))]));
    return prepare(db, insertStatement(values, courierConnectionId, counted), `insert_tracking_${prepareCounter++}`);
  });
}

/**
 * Inserts a new tracking, counted in the insight rollups in the same statement; returns the row as
 * written, or undefined, with nothing written, when its id or dedupe key is already taken.
 */
export async function insertTracking(db: Executor, row: NewTracking, connection: NewTrackingConnection): Promise<Tracking | undefined> {
  const tracking = asInserted(row);
  // A new row is never delivered: it has no transit time to count, only counters (those it adds to).
  const { key, counters } = contributionOf(tracking);
  const counted: Record<string, unknown> = { ...key, ...counters };
  const values = Object.fromEntries(Object.entries(row).filter(([column, value]) => value !== undefined && column !== "courierConnectionId"));
  const counterKeys = Object.keys(counted);
  const insert = isDatabase(db) ? preparedInsert(db, Object.keys(values).sort(), connection, counterKeys) : undefined;
  let written: unknown[][];
  if (insert) {
    const params: Record<string, unknown> = connection === "courier-default" ? values : { ...values, courierConnectionId: connection.id };
    for (const counter of counterKeys) params[counterParameter(counter)] = counted[counter];
    written = await insert.execute(params);
  } else {
    const courierConnectionId = connection === "courier-default" ? defaultConnection(row.organizationId, row.slug) : connection.id;
    written = await prepare(db, insertStatement(values, courierConnectionId, counted)).execute();
  }
  if (!written[0]) return undefined;
  tracking.courierConnectionId = written[0][0] as string | null;
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
