// One configuration of the embedded database in a process of its own, so its resident memory is its
// own: prints one JSON line with the process's memory (MB) after each stage. Run by bench/embedded-db.ts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const { sharedBuffers, rows } = JSON.parse(process.argv[2]);
const startParams = sharedBuffers ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`] : undefined;

/** Resident memory from /proc: anonymous (heaps, the database's WebAssembly memory) and file-backed (code). */
function memory() {
  globalThis.gc?.();
  const status = Object.fromEntries(
    readFileSync("/proc/self/status", "utf8")
      .split("\n")
      .map((line) => line.split(/:\s+/)),
  );
  const mb = (field) => Math.round(Number.parseInt(status[field] ?? "0", 10) / 1024);
  return { rss: mb("VmRSS"), anon: mb("RssAnon"), file: mb("RssFile"), heap: Math.round(process.memoryUsage().heapUsed / 2 ** 20) };
}

const stages = { node: memory() };
const dataDir = mkdtempSync(path.join(os.tmpdir(), "waybill-pglite-memory-"));
const pgdata = path.join(dataDir, "pglite");
// initdb runs in a process of its own, as the server runs it (db/pglite-initdb.mjs); the figures are
// of a reopened directory, as every start but the first.
execFileSync(process.execPath, [path.join(process.cwd(), "db", "pglite-initdb.mjs"), pgdata]);
const opening = performance.now();
const db = await PGlite.create(pgdata, { extensions: { pg_trgm }, ...(startParams ? { startParams } : {}) });
const openMs = Math.round(performance.now() - opening);
stages.started = memory();
await migrate(drizzle(db), { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
stages.migrated = memory();
await db.exec(`insert into organizations (id, name) values ('org', 'Memory')`);
for (let start = 0; start < rows; start += 10_000) {
  await db.exec(`
    insert into trackings (organization_id, id, tracking_number, slug, dedupe_key, title, search_text, tag)
    select 'org', 't' || n, '1Z' || upper(substr(md5(n::text), 1, 16)), 'ups', 'ups:' || n, 'T' || n,
           lower('1Z' || md5(n::text)) || ' order #' || n, (array['InTransit', 'Delivered', 'Pending'])[n % 3 + 1]
    from generate_series(${start}, ${Math.min(start + 10_000, rows) - 1}) as n`);
}
// What a working day asks of it: list pages, counts and keyword searches over the whole table.
for (let page = 0; page < 50; page++) {
  await db.query(`select * from trackings where organization_id = 'org' order by created_at desc, id desc limit 20 offset ${page * 200}`);
  await db.query(`select count(*) from trackings where organization_id = 'org' and tag = 'InTransit'`);
  await db.query(`select id from trackings where organization_id = 'org' and search_text ilike '%${page}a%' limit 20`);
}
stages.worked = memory();
const wasmMb = Math.round(db.mod.HEAPU8.byteLength / 2 ** 20);
const settings = {};
for (const name of ["shared_buffers", "work_mem", "maintenance_work_mem"]) settings[name] = (await db.query(`show ${name}`)).rows[0][name];
await db.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ stages, wasmMb, settings, openMs }));
