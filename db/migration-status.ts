import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Executor, MIGRATIONS_FOLDER } from "./client";
import { rowsOf } from "./rows-of";

/** The migrations this build ships (drizzle-kit's journal). */
function shippedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many of this build's migrations the database has not applied yet (0: up to date). */
export async function pendingMigrationCount(db: Executor): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  const applied = rowsOf<{ applied: number }>(result)[0]?.applied ?? 0;
  return Math.max(0, shippedMigrationCount() - applied);
}
