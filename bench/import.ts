// `npm run bench -- import [--rows 10000]`
// Moves an AfterShip account of `rows` trackings (with checkpoints; a local fake of its 2025-04 list
// API, rate limit included) into a fresh embedded Waybill (PGlite under a scratch directory), in a
// child process that is killed halfway and started again, as a crash would. Prints the import's
// rate (trackings a second of import time, both processes together) and checks that every tracking
// arrived once. Last line: {"bench":"import","rows":…,"per_s":…}.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { getDatabaseHandle } from "@/db/client";
import { importRuns, organizations, trackings } from "@/db/schema";
import { createOrganization } from "@/lib/accounts/create-organization";
import { importAfterShipPage, startAfterShipImport } from "@/lib/imports/aftership-import";
import { option } from "./support/bench-database";
import { startFakeAfterShip } from "./support/fake-aftership";

const API_KEY = "bench-aftership-key";

/** The child: opens the data directory, starts the import if none runs, and takes pages until done, printing each. */
async function child(): Promise<void> {
  const { db } = await getDatabaseHandle();
  let [organization] = await db.select().from(organizations).limit(1);
  organization ??= await createOrganization(db, { name: "Import bench" });
  let [run] = await db.select().from(importRuns).where(eq(importRuns.status, "running")).limit(1);
  run ??= await startAfterShipImport(db, organization.id, { apiKey: API_KEY, since: "2026-01-01" }, new Date());
  const started = performance.now();
  let more = true;
  while (more) {
    more = await importAfterShipPage(db, run.id, new Date());
    const [progress] = await db.select().from(importRuns).where(eq(importRuns.id, run.id));
    console.log(JSON.stringify({ progress: progress!.imported + progress!.updated, ms: performance.now() - started }));
  }
  const [counts] = await db
    .select({ rows: sql<number>`count(*)::int`, numbers: sql<number>`count(distinct ${trackings.trackingNumber})::int` })
    .from(trackings)
    .where(eq(trackings.organizationId, organization.id));
  const [finished] = await db.select().from(importRuns).where(eq(importRuns.id, run.id));
  console.log(JSON.stringify({ done: true, ...counts, imported: finished!.imported, updated: finished!.updated, skipped: finished!.skipped }));
  process.exit(0);
}

/** Runs the child until it has taken `killAt` trackings (then kills it) or it ends; its last report. */
function runChild(dataDir: string, sourceUrl: string, killAt: number | null): Promise<{ progress: number; ms: number; done?: Record<string, number> }> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), "index.ts");
  const process_ = spawn(process.execPath, ["--import", "tsx", entry, "import", "--child"], {
    env: { ...process.env, WAYBILL_DATA_DIR: dataDir, AFTERSHIP_API_BASE_URL: sourceUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let last = { progress: 0, ms: 0 } as { progress: number; ms: number; done?: Record<string, number> };
  let buffered = "";
  return new Promise((resolve, reject) => {
    process_.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        const report = JSON.parse(line);
        if (report.done) last = { ...last, done: report };
        else last = report;
        if (killAt !== null && last.progress >= killAt) process_.kill("SIGKILL");
      }
    });
    process_.on("exit", (code, signal) =>
      code === 0 || signal === "SIGKILL" ? resolve(last) : reject(new Error(`the import child exited ${code ?? signal}`)),
    );
  });
}

export async function run(args: string[]): Promise<void> {
  if (args.includes("--child")) return child();
  const rows = option(args, "rows", 10_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "waybill-bench-import-"));
  const source = await startFakeAfterShip(rows, API_KEY);
  try {
    const first = await runChild(dataDir, source.url, Math.floor(rows / 2));
    console.log(`killed after ${first.progress} trackings (${(first.ms / 1000).toFixed(1)} s)`);
    const second = await runChild(dataDir, source.url, null);
    const done = second.done!;
    const seconds = (first.ms + second.ms) / 1000;
    console.log(`restarted: finished after ${(second.ms / 1000).toFixed(1)} s more`);
    console.log(`trackings: ${done.rows} (distinct numbers ${done.numbers}), imported ${done.imported}, updated ${done.updated}, skipped ${done.skipped}`);
    console.log(`source: ${source.stats().requests} requests, ${source.stats().limited} answered 429`);
    if (done.rows !== rows || done.numbers !== rows) throw new Error(`expected ${rows} trackings once each, found ${done.rows} (${done.numbers} distinct)`);
    console.log(JSON.stringify({ bench: "import", rows, per_s: Math.round(rows / seconds) }));
  } finally {
    await source.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
