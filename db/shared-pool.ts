import type { Sql } from "postgres";

/**
 * The process's one PostgreSQL pool (postgres.js, `DATABASE_POOL_SIZE` connections) lent to the
 * libraries that would otherwise open pools of their own through `pg`: the job queue (pg-boss) and
 * the rate limiter's PostgreSQL store. One driver, one connection budget per instance.
 */

/**
 * Values as node-postgres would send them: its callers (pg-boss) bind dates and objects where the
 * server expects text or json, which node-postgres stringifies and postgres.js would not.
 */
function asNodePostgresValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object" && !Array.isArray(value) && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

/** pg-boss's Bun.SQL adapter takes any client with postgres.js's `unsafe` and `reserve`; this is one. */
export function jobQueueClient(sql: Sql) {
  // Not prepared: pg-boss expands array parameters into statements of varying text.
  const unprepared =
    (target: Pick<Sql, "unsafe">) =>
    (text: string, values: unknown[] = []) =>
      target.unsafe(text, values.map(asNodePostgresValue) as never[], { prepare: false });
  return {
    unsafe: unprepared(sql),
    async reserve() {
      const reserved = await sql.reserve();
      return { unsafe: unprepared(reserved), release: () => reserved.release() };
    },
  };
}

/** The slice of node-postgres's Pool that rate-limiter-flexible's PostgreSQL store calls. */
export function rateLimitStoreClient(sql: Sql) {
  return {
    async query(query: { text: string; values?: unknown[] }) {
      const rows = await sql.unsafe(query.text, (query.values ?? []) as never[]);
      return { rows, rowCount: rows.count };
    },
  };
}
