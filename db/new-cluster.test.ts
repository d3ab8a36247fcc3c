import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCluster, makeClusterTemplate } from "./new-cluster.mjs";
import { PGliteThread } from "./pglite-thread-client";

const migrationFiles = readdirSync(path.join(process.cwd(), "db", "migrations")).filter((file) => file.endsWith(".sql"));

describe("new embedded databases", () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "waybill-new-cluster-"));
    template = path.join(dir, "template");
    await makeClusterTemplate(template);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const open = async (dataDir: string, read: (thread: PGliteThread) => Promise<unknown>) => {
    const thread = await PGliteThread.create(dataDir);
    try {
      return await read(thread);
    } finally {
      await thread.close();
    }
  };
  const applied = (thread: PGliteThread) =>
    thread.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations").then((r) => r.rows[0]!.count);

  it("start as a copy of the build's template, already migrated, and write only to their own copy", async () => {
    const dataDir = path.join(dir, "data");
    await ensureCluster(dataDir, template);
    expect(await open(dataDir, applied)).toBe(migrationFiles.length);
    await open(dataDir, (thread) => thread.exec("create table kept (value text)"));
    const tables = (thread: PGliteThread) =>
      thread.query<{ name: string }>("select tablename as name from pg_tables where tablename = 'kept'").then((r) => r.rows);
    expect(await open(dataDir, tables)).toEqual([{ name: "kept" }]);
    expect(await open(template, tables)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(["data", "template"]);
  });

  it("take the place of an empty directory made for them, and leave one that holds a database as it is", async () => {
    const dataDir = path.join(dir, "mounted");
    mkdirSync(dataDir);
    await ensureCluster(dataDir, template);
    await open(dataDir, (thread) => thread.exec("create table mine (value text)"));
    await ensureCluster(dataDir, template);
    expect(await open(dataDir, (thread) => thread.query("select * from mine").then((r) => r.rows))).toEqual([]);
  });

  it("refuse a directory that holds other files, and leave it untouched", async () => {
    const dataDir = path.join(dir, "occupied");
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, "notes.txt"), "mine");
    await expect(ensureCluster(dataDir, template)).rejects.toThrow(`Could not initialise the embedded database in ${dataDir}: the directory holds files`);
    expect(readdirSync(dataDir)).toEqual(["notes.txt"]);
  });
});
