import { LRUCache } from "lru-cache";
import type { Database, Executor } from "./client";

/**
 * Drizzle builds a query's SQL on every call, which costs more CPU than a simple indexed read.
 * Hot reads are prepared once per database and reused; transactions build theirs afresh.
 */
const cache = new WeakMap<Database, LRUCache<string, object>>();
/** Shapes vary with the filters a caller combines: keep the most used, not every one ever seen. */
export const MAX_PREPARED_PER_DATABASE = 500;

export function isDatabase(db: Executor): db is Database {
  return !("rollback" in db);
}

export function prepared<T extends object>(db: Database, name: string, build: (db: Database) => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new LRUCache({ max: MAX_PREPARED_PER_DATABASE });
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}

/** A hot read prepared once per database; inside a transaction it is built afresh on that transaction. */
export function preparedOrBuilt<T extends object>(db: Executor, name: string, build: (db: Executor) => T): T {
  return isDatabase(db) ? prepared(db, name, build) : build(db);
}
