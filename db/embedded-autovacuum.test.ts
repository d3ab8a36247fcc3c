import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type DatabaseHandle } from "./client";
import { vacuumDueTables } from "./embedded-autovacuum.mjs";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite();
});
afterAll(() => handle.close());

async function tableStats(table: string) {
  const db = handle.pglite!;
  await db.query("select pg_stat_force_next_flush()");
  const { rows } = await db.query<{ dead: number; vacuumed: boolean; reltuples: number }>(
    `select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, c.reltuples
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
    [table],
  );
  return rows[0];
}

describe("the embedded database's vacuum", () => {
  it("vacuums and analyzes the tables that changed as much as autovacuum waits for, and leaves the rest", async () => {
    const db = handle.pglite!;
    await db.exec(`
      create table churned (id int primary key, value text);
      insert into churned select n, 'new' from generate_series(1, 5000) as n;
      update churned set value = 'polled';
      delete from churned where id <= 1000;
      create table quiet (id int primary key);
      insert into quiet values (1), (2), (3);`);
    expect(await tableStats("churned")).toMatchObject({ dead: 6000, vacuumed: false, reltuples: -1 });

    expect(await vacuumDueTables(db)).toEqual([{ table: "public.churned", action: "vacuum" }]);
    expect(await tableStats("churned")).toEqual({ dead: 0, vacuumed: true, reltuples: 4000 });
    expect(await tableStats("quiet")).toMatchObject({ vacuumed: false, reltuples: -1 });

    // Nothing changed since: nothing is due.
    expect(await vacuumDueTables(db)).toEqual([]);
  });

  it("only analyzes a table whose rows changed without leaving enough dead ones for a vacuum", async () => {
    const db = handle.pglite!;
    await db.exec(`
      create table settled (id int primary key, value text);
      insert into settled select n, 'new' from generate_series(1, 1000) as n;`);
    await vacuumDueTables(db);
    await db.exec("update settled set value = 'changed' where id <= 200");
    expect(await vacuumDueTables(db)).toEqual([{ table: "public.settled", action: "analyze" }]);
  });
});
