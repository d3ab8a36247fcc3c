import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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
  });
});
