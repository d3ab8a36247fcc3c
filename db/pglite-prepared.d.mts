import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

export declare const MAX_PREPARED: number;

/** Answers as `target.query` would, through a named prepared statement once a text is used again. */
export type PreparedQuery = <T>(
  target: PGlite | Transaction,
  text: string,
  params?: unknown[],
  options?: QueryOptions,
  inTransaction?: boolean,
) => Promise<Results<T>>;

export declare function preparedQueries(db: PGlite, max?: number): PreparedQuery;
