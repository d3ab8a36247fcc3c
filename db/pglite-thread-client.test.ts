import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteThread } from "./pglite-thread-client";

let thread: PGliteThread;

beforeAll(async () => {
  thread = await PGliteThread.create();
  await thread.exec("create table items (id text primary key, added timestamptz not null default now(), n int not null default 0)");
});
afterAll(() => thread.close());

describe("PGlite on its own thread", () => {
  it("answers queries with rows and fields, and runs multi-statement blocks", async () => {
    const result = await thread.query<{ sum: number }>("select $1::int + $2::int as sum", [2, 3]);
    expect(result.rows).toEqual([{ sum: 5 }]);
    expect(result.fields.map((field) => field.name)).toEqual(["sum"]);
    const [, selected] = await thread.exec("insert into items (id) values ('block'); select id from items where id = 'block'");
    expect(selected!.rows).toEqual([{ id: "block" }]);
  });

  it("keeps PostgreSQL's error fields, so callers can tell a unique violation", async () => {
    await thread.query("insert into items (id) values ($1)", ["once"]);
    const error = await thread.query("insert into items (id) values ($1)", ["once"]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_pkey" });
  });

  it("commits a transaction whose callback resolves and rolls back one that throws", async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into items (id) values ($1)", ["kept"]);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into items (id) values ($1)", ["dropped"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await thread.query<{ id: string }>("select id from items where id in ('kept', 'dropped')");
    expect(rows).toEqual([{ id: "kept" }]);
  });

  it("makes other statements wait for an open transaction, as the one connection does", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query("update items set n = n + 1 where id = 'kept'");
      order.push("tx updated");
      await held;
      order.push("tx ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = thread.query<{ n: number }>("select n from items where id = 'kept'").then((result) => {
      order.push("outside read");
      return result.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(["tx updated", "tx ends", "outside read"]);
  });

  it("fails the end of a transaction whose commit fails", async () => {
    await thread.exec("create table checked (id int primary key, parent int references checked (id) deferrable initially deferred)");
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into checked values (1, 99)");
      }),
    ).rejects.toMatchObject({ code: "23503" });
    // The connection is usable afterwards.
    expect((await thread.query("select count(*)::int as count from checked")).rows).toEqual([{ count: 0 }]);
  });

  it("runs the caller's parsers on this side, over the server's text", async () => {
    const result = await thread.query<{ added: unknown }>("select added from items where id = 'kept'", [], {
      parsers: { 1184: (value: string) => `parsed ${value}` },
    });
    expect(result.rows[0]!.added).toMatch(/^parsed \d{4}-\d{2}-\d{2} /);
  });

  it("fails calls at once after the thread has stopped, instead of leaving them waiting", async () => {
    const stopped = await PGliteThread.create();
    await stopped.close();
    await expect(stopped.query("select 1")).rejects.toThrow(/database thread stopped/);
    await stopped.close();
  });

  it("delivers notifications to listeners until they unlisten", async () => {
    const received: string[] = [];
    const unlisten = await thread.listen("jobs", (payload) => received.push(payload));
    await thread.query("select pg_notify('jobs', 'first')");
    await new Promise((resolve) => setTimeout(resolve, 20));
    await unlisten();
    await thread.query("select pg_notify('jobs', 'second')");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual(["first"]);
  });
});
