// PGlite runs PostgreSQL in single-user mode, where no autovacuum worker exists: without this, the
// embedded database never reclaims the rows every poll and job run leaves dead, never merges a GIN
// index's pending entries, and never gathers the statistics the planner chooses indexes by.
// Plain JavaScript: the PGlite thread (db/pglite-thread.mjs) loads it outside the Next.js bundle.

/** PostgreSQL's own autovacuum defaults: a table is due when this much of it changed. */
const DUE_TABLES = `
  select name, vacuum from (
    select format('%I.%I', schemaname, relname) as name,
           n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup as vacuum,
           n_mod_since_analyze > 50 + 0.1 * n_live_tup as stale,
           n_dead_tup + n_mod_since_analyze as changed
    from pg_stat_user_tables
  ) as tables
  where vacuum or stale
  order by changed desc`;

/**
 * Vacuums (and analyzes) the tables autovacuum would, or only analyzes those whose statistics are
 * stale; answers what it did. `db` is a PGlite, or anything with its `query` and `exec`.
 */
export async function vacuumDueTables(db) {
  // The backend reports its counters at most once a second; the next statement flushes them now.
  await db.query("select pg_stat_force_next_flush()");
  const { rows } = await db.query(DUE_TABLES);
  for (const { name, vacuum } of rows) await db.exec(vacuum ? `vacuum (analyze) ${name}` : `analyze ${name}`);
  return rows.map(({ name, vacuum }) => ({ table: name, action: vacuum ? "vacuum" : "analyze" }));
}

/**
 * Looks for due tables every `intervalMs` (autovacuum's naptime is a minute), one pass at a time.
 * Each statement waits its turn behind the app's queries and transactions, as any query does.
 */
export function startAutovacuum(db, intervalMs = 60_000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    vacuumDueTables(db)
      .catch((error) => console.error(`Waybill: the embedded database's vacuum failed (${error?.message ?? error}); it is tried again.`))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
