import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings, type Tracking } from "@/db/schema";

const COLUMNS = getTableColumns(trackings);

/** A row as PostgreSQL's json → record conversion reads it: database column names, instants in ISO 8601. */
function documentOf(tracking: Tracking, set: Partial<Tracking>): Record<string, unknown> {
  const document: Record<string, unknown> = { organization_id: tracking.organizationId, id: tracking.id };
  for (const [key, value] of Object.entries(set)) {
    document[COLUMNS[key as keyof typeof COLUMNS].name] = value instanceof Date ? value.toISOString() : value;
  }
  return document;
}

/**
 * Writes each tracking's own changed columns, for any number of trackings (each at most once), in
 * one statement: the rows travel as one JSON array, and a column a row does not set keeps its value.
 */
export async function updateTrackingRows(db: Executor, rows: Array<{ tracking: Tracking; set: Partial<Tracking> }>): Promise<void> {
  if (rows.length === 0) return;
  const keys = new Set(rows.flatMap(({ set }) => Object.keys(set)));
  const assignments: SQL[] = [...keys].map((key) => {
    const { name } = COLUMNS[key as keyof typeof COLUMNS];
    const column = sql.identifier(name);
    return sql`${column} = case when e.doc ? ${name} then r.${column} else t.${column} end`;
  });
  const documents = JSON.stringify(rows.map(({ tracking, set }) => documentOf(tracking, set)));
  await db.execute(sql`
    update ${trackings} as t set ${sql.join(assignments, sql`, `)}
    from jsonb_array_elements(${documents}::jsonb) as e(doc), jsonb_populate_record(null::trackings, e.doc) as r
    where t.organization_id = r.organization_id and t.id = r.id`);
}
