import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { isDatabase, prepared } from "@/db/prepared";
import { courierConnections, trackings, type NewTracking, type Tracking } from "@/db/schema";

/** The courier connection a new tracking gets: a checked id, none, or the courier's default. */
export type NewTrackingConnection = { id: string | null } | "courier-default";

// The courier's earliest connection of the organisation, inside the insert: no round trip of its own.
export const defaultConnection = (organizationId: SQL | Placeholder | string, slug: SQL | Placeholder | string) =>
  sql`(select ${courierConnections.id} from ${courierConnections}
    where ${courierConnections.organizationId} = ${organizationId} and ${courierConnections.courierSlug} = ${slug}
    order by ${courierConnections.id} limit 1)`;

function insertQuery(db: Executor, values: Record<string, unknown>, courierConnectionId: SQL | Placeholder | string | null) {
  return db
    .insert(trackings)
    .values({ ...(values as NewTracking), courierConnectionId })
    .onConflictDoNothing()
    .returning();
}

/**
 * One prepared insert per set of columns given. Drizzle builds an insert of this 80-column table
 * with its RETURNING list in ~300 µs of CPU, more than PostgreSQL takes to run it, and a create's
 * columns come from a few request shapes; past MAX_SHAPES (a client sending ever new field sets),
 * inserts are built each time rather than kept.
 */
const MAX_SHAPES = 64;
const shapes = new Set<string>();
let prepareCounter = 0;

function preparedInsert(db: Database, columns: string[], connection: NewTrackingConnection) {
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
    return insertQuery(db, values, courierConnectionId).prepare(`insert_tracking_${prepareCounter++}`);
  });
}

/** Inserts a new tracking; undefined when its id or dedupe key is already taken. */
export async function insertTracking(db: Executor, row: NewTracking, connection: NewTrackingConnection): Promise<Tracking | undefined> {
  const values = Object.fromEntries(Object.entries(row).filter(([key, value]) => value !== undefined && key !== "courierConnectionId"));
  const insert = isDatabase(db) ? preparedInsert(db, Object.keys(values).sort(), connection) : undefined;
  if (!insert) {
    const courierConnectionId = connection === "courier-default" ? defaultConnection(row.organizationId, row.slug) : connection.id;
    return (await insertQuery(db, values, courierConnectionId))[0];
  }
  const params = connection === "courier-default" ? values : { ...values, courierConnectionId: connection.id };
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
