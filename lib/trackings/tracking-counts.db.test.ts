import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Executor } from "@/db/client";
import { rowsOf } from "@/db/rows-of";
import { trackings } from "@/db/schema";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { recordingDb, type SentStatement } from "@/testing/statement-plans";
import { listTrackings } from "./list-trackings";
import { countTrackings, FOLD_AFTER_ROWS, foldPiledTrackingCounts, foldTrackingCounts } from "./tracking-counts";

const database = setupTestDatabase();

type Key = { organization: string; slug: string; tag: string; day: string; n: number };

/** Per key, the ledger's sum and the real count, keys with zero left out of both. */
async function ledgerAndCount(db: Executor) {
  const read = async (query: ReturnType<typeof sql>) =>
    rowsOf<Key>(await db.execute(query))
      .map((row) => `${row.organization}|${row.slug}|${row.tag}|${row.day}=${row.n}`)
      .sort();
  return {
    ledger: await read(
      sql`select organization_id as organization, slug, tag, day::text as day, sum(delta)::int as n from tracking_counts group by 1, 2, 3, 4 having sum(delta) <> 0`,
    ),
    counted: await read(
      sql`select organization_id as organization, slug, tag, (created_at at time zone 'UTC')::date::text as day, count(*)::int as n from trackings group by 1, 2, 3, 4`,
    ),
  };
}

/** `rows` trackings over three couriers and four statuses, created together or (`spreadFrom`) every 5 h 7 min back from then. */
async function seed(organizationId: string, prefix: string, rows: number, spreadFrom?: Date) {
  const createdAt = spreadFrom ? sql`${spreadFrom.toISOString()}::timestamptz - n * interval '5 hours 7 minutes'` : sql`now()`;
  await database.db.execute(sql`
    insert into trackings (organization_id, id, tracking_number, title, slug, dedupe_key, tag, created_at)
    select ${organizationId}, ${prefix} || n, ${prefix} || n, ${prefix} || n, (array['ups', 'dhl', 'fedex'])[n % 3 + 1], ${prefix} || n,
           (array['Pending', 'InTransit', 'Delivered', 'Exception'])[n % 4 + 1], ${createdAt}
    from generate_series(1, ${rows}) as n`);
}

const ledgerRows = async (organizationId: string) =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from tracking_counts where organization_id = ${organizationId}`))[0]!.n;

describe("the ledger of tracking counts", () => {
  it("equals the rows' count per organisation, courier and status through inserts, moves, edits and deletes", async () => {
    const [a, b] = [(await createTenant(database.db)).organization, (await createTenant(database.db)).organization];
    await seed(a.id, "a", 120);
    await seed(b.id, "b", 30);
    const before = await ledgerRows(a.id);
    // An edit that leaves courier and status alone adds nothing to the ledger.
    await database.db.execute(sql`update trackings set title = 'renamed' where organization_id = ${a.id}`);
    expect(await ledgerRows(a.id)).toBe(before);
    await database.db.execute(sql`update trackings set tag = 'Delivered' where organization_id = ${a.id} and tag = 'InTransit'`);
    await database.db.execute(sql`update trackings set slug = 'usps' where organization_id = ${a.id} and id in ('a1', 'a2', 'a3')`);
    await database.db.execute(sql`delete from trackings where organization_id = ${b.id} and tag = 'Pending'`);

    const { ledger, counted } = await ledgerAndCount(database.db);
    expect(ledger).toEqual(counted);
    expect(ledger.some((key) => key.startsWith(`${a.id}|usps|`))).toBe(true);
    expect(await countTrackings(database.db, a.id, { tags: ["Delivered"] })).toBe(60);
    expect(await countTrackings(database.db, b.id, {})).toBe(30 - 7);
    expect(await countTrackings(database.db, a.id, { slugs: ["ups", "dhl"], tags: ["Exception", "Pending"] })).toBe(
      rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from trackings where organization_id = ${a.id} and slug in ('ups', 'dhl') and tag in ('Exception', 'Pending')`,
        ),
      )[0]!.n,
    );
  });

  it("goes with its organisation when the organisation is erased", async () => {
    const { organization } = await createTenant(database.db);
    await seed(organization.id, "gone", 10);
    await database.db.execute(sql`delete from organizations where id = ${organization.id}`);
    expect(await ledgerRows(organization.id)).toBe(0);
  });

  it("is folded by a reader once it piles up, to one row per key, keeping every sum", async () => {
    const { organization } = await createTenant(database.db);
    await seed(organization.id, "f", 400);
    // Each move adds two rows: far more than a reader sums before folding.
    await database.db.execute(sql`update trackings set tag = 'OutForDelivery' where organization_id = ${organization.id}`);
    await database.db.execute(sql`update trackings set tag = 'Delivered' where organization_id = ${organization.id} and slug = 'ups'`);
    expect(await ledgerRows(organization.id)).toBeGreaterThan(FOLD_AFTER_ROWS);

    expect(await countTrackings(database.db, organization.id, {})).toBe(400);
    // ups Delivered, dhl and fedex OutForDelivery.
    expect(await ledgerRows(organization.id)).toBe(3);
    const { ledger, counted } = await ledgerAndCount(database.db);
    expect(ledger).toEqual(counted);
  });

  it("is folded hourly where it piled up unread, and left alone where it did not", async () => {
    const [piled, quiet] = [(await createTenant(database.db)).organization, (await createTenant(database.db)).organization];
    await seed(piled.id, "p", 300);
    await database.db.execute(sql`update trackings set tag = 'Expired' where organization_id = ${piled.id}`);
    await seed(quiet.id, "q", 40);
    const quietRows = await ledgerRows(quiet.id);

    expect(await foldPiledTrackingCounts(database.db)).toBeGreaterThanOrEqual(1);
    expect(await ledgerRows(piled.id)).toBe(3);
    expect(await ledgerRows(quiet.id)).toBe(quietRows);
    const { ledger, counted } = await ledgerAndCount(database.db);
    expect(ledger).toEqual(counted);
  });

  it("keeps every sum when folds race each other and writers", async () => {
    const { organization } = await createTenant(database.db);
    await seed(organization.id, "r", 200);
    await Promise.all([
      foldTrackingCounts(database.db, organization.id),
      database.db.execute(sql`update trackings set tag = 'InTransit' where organization_id = ${organization.id} and slug = 'dhl'`),
      foldTrackingCounts(database.db, organization.id),
      seed(organization.id, "r2-", 50),
      foldTrackingCounts(database.db, organization.id),
    ]);
    const { ledger, counted } = await ledgerAndCount(database.db);
    expect(ledger).toEqual(counted);
  });

  it("totals a creation window from whole days and counts its two ends, as counting every row would", async () => {
    const { organization } = await createTenant(database.db);
    const base = new Date("2026-03-10T12:00:00Z");
    await seed(organization.id, "w", 300, base);
    // One on a day's first instant: the window's inclusive end must count it.
    await database.db.execute(sql`update trackings set created_at = '2026-03-05T00:00:00Z' where organization_id = ${organization.id} and id = 'w30'`);
    const page = { kind: "page", page: 1, limit: 5 } as const;
    const all = await database.db
      .select({ slug: trackings.slug, tag: trackings.tag, createdAt: trackings.createdAt })
      .from(trackings)
      .where(eq(trackings.organizationId, organization.id));
    const windows: Array<[string | undefined, string | undefined]> = [
      ["2026-02-28T03:00:00Z", "2026-03-08T05:00:00Z"],
      ["2026-03-01T00:00:00Z", "2026-03-05T00:00:00Z"],
      ["2026-03-01T00:00:00.001Z", "2026-03-04T23:59:59.999Z"],
      ["2026-03-02T10:00:00Z", undefined],
      [undefined, "2026-03-02T10:00:00Z"],
      ["2026-03-03T01:00:00Z", "2026-03-04T22:00:00Z"],
      ["2026-03-03T01:00:00Z", "2026-03-03T22:00:00Z"],
    ];
    for (const [min, max] of windows) {
      const filters: Array<{ tags?: string[]; slugs?: string[] }> = [{}, { tags: ["Delivered"] }, { slugs: ["ups", "fedex"], tags: ["Pending", "Exception"] }];
      for (const filter of filters) {
        const window = { createdAtMin: min ? new Date(min) : undefined, createdAtMax: max ? new Date(max) : undefined };
        const listed = await listTrackings(database.db, organization.id, { ...filter, ...window }, page);
        const expected = all.filter(
          (row) =>
            (!window.createdAtMin || row.createdAt >= window.createdAtMin) &&
            (!window.createdAtMax || row.createdAt <= window.createdAtMax) &&
            (!filter.tags || filter.tags.includes(row.tag)) &&
            (!filter.slugs || filter.slugs.includes(row.slug)),
        ).length;
        expect(listed.total, `${min}..${max} ${JSON.stringify(filter)}`).toBe(expected);
      }
    }
  });

  it("gives the list its total for courier and status filters without counting the trackings", async () => {
    const { organization } = await createTenant(database.db);
    await seed(organization.id, "l", 90);
    const statements: SentStatement[] = [];
    const db = await recordingDb(database.handle, statements);
    const page = { kind: "page", page: 1, limit: 5 } as const;

    const byStatus = await listTrackings(db, organization.id, { tags: ["InTransit"], slugs: ["ups", "dhl"] }, page);
    expect(byStatus.total).toBe(15);
    expect(statements.some(({ query }) => /count\(\*\).*from "trackings"/s.test(query))).toBe(false);
    // The API's default window (120 days to now): whole days from the ledger, only today's rows counted.
    statements.length = 0;
    const windowed = await listTrackings(
      db,
      organization.id,
      { tags: ["InTransit"], createdAtMin: new Date(Date.now() - 120 * 86_400_000), createdAtMax: new Date() },
      page,
    );
    expect(windowed.total).toBe(23);
    const counts = statements.filter(({ query }) => query.includes("tracking_counts"));
    expect(counts).toHaveLength(1);
    expect(counts[0]!.query).toMatch(/"trackings"\."created_at" >= \$\d+ and "trackings"\."created_at" < \$\d+/);
    expect((await listTrackings(db, organization.id, {}, page)).total).toBe(90);

    // Other filters count the rows themselves.
    statements.length = 0;
    const byNumber = await listTrackings(db, organization.id, { tags: ["InTransit"], trackingNumbers: ["l1", "l5", "l6"] }, page);
    expect(byNumber.total).toBe(2);
    expect(statements.some(({ query }) => /count\(\*\).*from "trackings"/s.test(query))).toBe(true);
  });
});
