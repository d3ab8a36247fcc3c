import type { Database, Executor } from "./client";

/**
 * Drizzle builds a query's SQL on every call, which costs more CPU than a simple indexed read.
 * Hot reads are prepared once per database and reused; transactions build theirs afresh.
 */
const cache = new WeakMap<Database, Map<string, unknown>>();

export function isDatabase(db: Executor): db is Database {
  return !("rollback" in db);
}

export function prepared<T>(db: Database, name: string, build: (db: Database) => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
