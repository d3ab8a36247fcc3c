import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "@/db/client";
import * as schema from "@/db/schema";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { listTrackings } from "./list-trackings";

const database = setupTestDatabase();
const ROWS = 10_000;

/** A drizzle over the test database's own connection that records every statement it sends. */
async function recordingDb(handle: DatabaseHandle, statements: { query: string; params: unknown[] }[]): Promise<Database> {
  const logger: Logger = { logQuery: (query, params) => statements.push({ query, params }) };
  if (handle.kind === "pglite") {
    const { drizzle } = await import("drizzle-orm/pglite");
    return drizzle(handle.pglite!, { schema, logger }) as unknown as Database;
  }
  const { drizzle } = await import("drizzle-orm/postgres-js");
  return drizzle(handle.sql!, { schema, logger }) as unknown as Database;
}

async function planOf(handle: DatabaseHandle, query: string, params: unknown[]): Promise<string> {
  const text = `explain ${query}`;
  const rows =
    handle.kind === "pglite" ? (await handle.pglite!.query<Record<string, string>>(text, params)).rows : await handle.sql!.unsafe(text, params as never[]);
  return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
}

describe("the list's keyword filter", () => {
  it("finds a word inside the text, and the trigram index can serve both the page and its count", async () => {
    const { organization } = await createTenant(database.db);
    // Enough varied rows (numbers and names as shops have them) that reading the table whole costs
    // more than the index.
    await database.db.execute(sql`
      insert into trackings (organization_id, id, tracking_number, slug, dedupe_key, title, search_text)
      select ${organization.id}, 'kw' || n, number, 'ups', 'ups:' || number, number,
             lower(number) || ' order #' || (100000 + n) || ' ' || (array['anna', 'bob', 'carla', 'dieter', 'eve'])[n % 5 + 1] || n || '@example.com'
      from generate_series(0, ${ROWS - 1}) as n, lateral (select '1Z' || upper(substr(md5(n::text), 1, 16)) as number) as generated`);
    // As autovacuum would: statistics, and the index's pending entries merged into it.
    await database.db.execute(sql`vacuum analyze trackings`);

    const statements: { query: string; params: unknown[] }[] = [];
    const db = await recordingDb(database.handle, statements);
    // The middle of the e-mail address: only a search anywhere in the text finds it.
    const result = await listTrackings(db, organization.id, { keyword: "Ieter123@" }, { kind: "page", page: 1, limit: 20 });
    expect(result.records.map((record) => record.tracking.id)).toEqual(["kw123"]);
    expect(result.total).toBe(1);

    const onTrackings = statements.filter(({ query }) => query.includes(`"search_text" ilike`));
    expect(onTrackings).toHaveLength(2);
    for (const { query, params } of onTrackings) {
      const plan = await planOf(database.handle, query, params);
      expect(plan).toContain("trackings_search_trgm_idx");
      expect(plan).not.toMatch(/Seq Scan on trackings/);
    }
  });
});
