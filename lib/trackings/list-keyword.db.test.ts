import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "@/db/rows-of";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { planOf, recordingDb, type SentStatement } from "@/testing/statement-plans";
import { listTrackings } from "./list-trackings";

const database = setupTestDatabase();
const ROWS = 10_000;

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

    const statements: SentStatement[] = [];
    const db = await recordingDb(database.handle, statements);
    // The middle of the e-mail address: only a search anywhere in the text finds it.
    const result = await listTrackings(db, organization.id, { keyword: "Ieter123@" }, { kind: "page", page: 1, limit: 20 });
    expect(result.records.map((record) => record.tracking.id)).toEqual(["kw123"]);
    expect(result.total).toBe(1);

    const onTrackings = statements.filter(({ query }) => query.includes(`"search_text" ilike`));
    expect(onTrackings).toHaveLength(2);
    for (const statement of onTrackings) {
      const plan = await planOf(database.handle, statement);
      expect(plan).toContain("trackings_search_trgm_idx");
      expect(plan).not.toMatch(/Seq Scan on trackings/);
    }
    // The page is taken among the ids the index found, so no plan can walk the list to fill it.
    expect(onTrackings.some(({ query }) => query.includes("= any(array(select"))).toBe(true);
  });

  it("pages through a keyword's matches, few or many, newest first, without a skip or a repeat", async () => {
    const { organization } = await createTenant(database.db);
    // Creation times out of insertion order, and a tie, so the order is the list's, not the table's.
    await database.db.execute(sql`
      insert into trackings (organization_id, id, tracking_number, slug, dedupe_key, title, search_text, created_at)
      select ${organization.id}, 'p' || n, 'N' || n, 'ups', 'ups:N' || n, 'N' || n,
             case when n % 100 = 0 then 'rare n' || n else 'common n' || n end,
             timestamptz '2026-01-01' + ((n * 37) % 1500 / 3) * interval '1 minute'
      from generate_series(1, 1500) as n`);
    const expected = async (word: string) =>
      rowsOf<{ id: string }>(
        await database.db.execute(
          sql`select id from trackings where organization_id = ${organization.id} and search_text like ${`%${word}%`} order by created_at desc, id desc`,
        ),
      ).map((row) => row.id);

    // Cursor pages small enough that each keyword takes several, the rare one through its ids.
    for (const [keyword, matches, pageSize] of [
      ["rare", 15, 4],
      ["common", 1485, 200],
    ] as const) {
      const all = await expected(keyword);
      expect(all).toHaveLength(matches);
      const second = await listTrackings(database.db, organization.id, { keyword }, { kind: "page", page: 2, limit: 4 });
      expect(second.records.map((record) => record.tracking.id)).toEqual(all.slice(4, 8));
      expect(second.total).toBe(matches);

      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listTrackings(database.db, organization.id, { keyword }, { kind: "cursor", cursor, limit: pageSize });
        seen.push(...page.records.map((record) => record.tracking.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(all);
    }
  });
});
