import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedQueries } from "./pglite-prepared.mjs";

describe("prepared statements on the embedded database", () => {
  let db: PGlite;
  const preparedNames = async () =>
    (await db.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements order by name")).rows;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`create table parcels (id int primary key, number text not null, weight numeric, seen timestamptz, tags text[]);
      insert into parcels values (1, 'A1', 1.5, '2026-11-29T10:00:00Z', '{fragile}'), (2, 'B2', null, null, '{}')`);
  });
  afterAll(() => db.close());

  it("answers as PGlite's own query does, prepared from the second use on", async () => {
    const query = preparedQueries(db);
    const text = "select id, number, weight, seen, tags from parcels where id = any($1::int[]) order by id";
    const expected = await db.query(text, [[1, 2]], { rowMode: "array" });
    const first = await query(db, text, [[1, 2]], { rowMode: "array" });
    expect(await preparedNames()).toEqual([]);
    const second = await query(db, text, [[1, 2]], { rowMode: "array" });
    const third = await query(db, text, [[2]], { rowMode: "array" });
    for (const answer of [first, second]) {
      expect(answer.rows).toEqual(expected.rows);
      expect(answer.fields).toEqual(expected.fields);
    }
    expect(second.rows[0]).toEqual([1, "A1", "1.5", new Date("2026-11-29T10:00:00Z"), ["fragile"]]);
    expect(third.rows).toEqual([[2, "B2", null, null, []]]);
    expect(await preparedNames()).toEqual([{ name: "waybill_1", statement: text }]);
    const written = await query(db, "update parcels set number = $1 where id = $2 returning number", ["C3", 2]);
    expect(written.rows).toEqual([{ number: "C3" }]);
    expect((await query(db, "update parcels set number = $1 where id = $2 returning number", ["B2", 2])).affectedRows).toBe(1);
    await db.exec("deallocate all");
  });

  it("closes the least recently used statement when it holds the most it may", async () => {
    const query = preparedQueries(db, 2);
    const texts = ["select 1 as one", "select 2 as two", "select 3 as three"];
    for (const text of texts) for (let use = 0; use < 2; use++) await query(db, text);
    // The eviction's close travels with the next call.
    await query(db, texts[2]!);
    expect((await preparedNames()).map((row) => row.statement)).toEqual(texts.slice(1));
    await db.exec("deallocate all");
  });

  it("closes an evicted statement only once the uses queued for it have run", async () => {
    const query = preparedQueries(db, 2);
    const [first, second, third] = ["select 1 as one", "select 2 as two", "select 3 as three"];
    for (const text of [first!, second!]) for (let use = 0; use < 2; use++) await query(db, text);
    await query(db, third!);
    // Queued together: the third's preparation evicts the first while a use of it still waits.
    const answers = await Promise.all([query(db, first!), query(db, second!), query(db, third!)]);
    expect(answers.map((answer) => answer.rows)).toEqual([[{ one: 1 }], [{ two: 2 }], [{ three: 3 }]]);
    await query(db, second!);
    expect((await preparedNames()).map((row) => row.statement)).toEqual([second, third]);
    await db.exec("deallocate all");
  });

  it("fails as PGlite does, with PostgreSQL's fields and the statement, and keeps nothing it could not prepare", async () => {
    const query = preparedQueries(db);
    for (let use = 0; use < 2; use++) {
      const error = await query(db, "select nonsense from parcels").catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: "42703", query: "select nonsense from parcels" });
    }
    expect(await preparedNames()).toEqual([]);
    const text = "insert into parcels (id, number) values ($1, $2)";
    await query(db, text, [3, "D4"]);
    await query(db, text, [4, "E5"]);
    await expect(query(db, text, [4, "E5"])).rejects.toMatchObject({ code: "23505", params: [4, "E5"] });
    // A failed execution leaves the statement prepared and the connection ready.
    await query(db, text, [5, "F6"]);
    expect((await db.query("select count(*)::int as n from parcels")).rows).toEqual([{ n: 5 }]);
    await db.exec("delete from parcels where id > 2; deallocate all");
  });

  it("runs inside a transaction, whose rollback undoes the prepared statement's writes", async () => {
    const query = preparedQueries(db);
    const text = "update parcels set weight = $1 where id = 1";
    await query(db, text, [2]);
    await db.transaction(async (tx) => {
      await query(tx, text, [9], undefined, true);
      expect((await tx.query("select weight from parcels where id = 1")).rows).toEqual([{ weight: "9" }]);
      await tx.rollback();
    });
    expect((await db.query("select weight from parcels where id = 1")).rows).toEqual([{ weight: "2" }]);
    await query(db, text, [1.5]);
    await db.exec("deallocate all");
  });

  it("prepares again a statement whose result changed under it", async () => {
    const query = preparedQueries(db);
    await db.exec("create table changing (id int)");
    for (let use = 0; use < 2; use++) await query(db, "select * from changing");
    await db.exec("alter table changing add column label text; insert into changing values (1, 'one')");
    await expect(query(db, "select * from changing")).rejects.toMatchObject({ code: "0A000" });
    expect((await query(db, "select * from changing")).rows).toEqual([{ id: 1, label: "one" }]);
    await db.exec("drop table changing; deallocate all");
  });
});
