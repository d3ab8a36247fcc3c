import type { Logger } from "drizzle-orm/logger";
import type { Database, DatabaseHandle } from "@/db/client";
import * as schema from "@/db/schema";

export interface SentStatement {
  query: string;
  params: unknown[];
}

/** A drizzle over the test database's own connection that records every statement it sends. */
export async function recordingDb(handle: DatabaseHandle, statements: SentStatement[]): Promise<Database> {
  const logger: Logger = { logQuery: (query, params) => statements.push({ query, params }) };
  if (handle.kind === "pglite") {
    const { drizzle } = await import("drizzle-orm/pglite");
    return drizzle(handle.pglite!, { schema, logger }) as unknown as Database;
  }
  const { drizzle } = await import("drizzle-orm/postgres-js");
  return drizzle(handle.sql!, { schema, logger }) as unknown as Database;
}

/** The plan PostgreSQL (or PGlite) chooses for a recorded statement, as EXPLAIN prints it. */
export async function planOf(handle: DatabaseHandle, { query, params }: SentStatement): Promise<string> {
  const text = `explain ${query}`;
  const rows =
    handle.kind === "pglite" ? (await handle.pglite!.query<Record<string, string>>(text, params)).rows : await handle.sql!.unsafe(text, params as never[]);
  return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
}
