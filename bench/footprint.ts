// `npm run bench -- footprint [--trackings 10000] [--day-seconds 600] [--settle-seconds 20]`
// The embedded default as a self-hosting merchant runs it: `npm start` (the build up to date, so it
// serves at once) on a data directory of its own, UPS credentials pointing at a local fake carrier
// that moves every shipment on at each poll. Sums the resident memory of every process the start
// leaves running (read from /proc):
//   - start: `npm start` on an empty directory (migrations, the demo organisation) to the first
//     200 from /readyz, and the memory at idle once it has settled;
//   - the day: `npm start` again on a directory holding one organisation (its rate limits lifted,
//     so the creates are the server's pace), `trackings` creates through the API, then a simulated
//     day of polls. The server keeps its own clock, so the day runs on its real scheduler with the
//     poll intervals scaled by POLL_INTERVAL_SCALE = day-seconds / 86,400 (an in-transit shipment is
//     asked about 24 times). Memory is sampled every second: after the day, and the peak.
// The floor beside them: a bare Next.js app of the same version started by `npm start` the same
// way (bench/support/bare-next-app.ts), what any app on this framework holds before its own code.
// The server's own account of its memory (heap, external, array buffers, the database thread's
// WebAssembly memory and heap) comes from /metrics.
// The sums are of each process's resident set, so pages the processes share (the node binary) count
// once per process; `*_pss_mb` count each shared page once (proportional set size).
// Last line: {"bench":"footprint","idle_mb":…,"floor_mb":…,"day_mb":…,"peak_mb":…,"start_s":…,"idle_pss_mb":…}.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { buildBareNextApp } from "./support/bare-next-app";
import { option } from "./support/bench-database";
import { processTree, totalPssMb, totalRssMb, type ProcessMemory } from "./support/process-memory";

const METRICS_TOKEN = "bench-footprint-metrics-token";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  npm: ChildProcess;
  base: string;
  startS: number;
  stop(): Promise<void>;
}

/** `npm start` in `cwd` (this directory by default) on `dataDir`, timed to the first 200 from /readyz. */
async function npmStart(dataDir: string, env: Record<string, string>, cwd = process.cwd()): Promise<Started> {
  const port = 4100 + Math.floor(Math.random() * 800);
  const { DATABASE_URL: _scale, ...embedded } = process.env;
  const started = performance.now();
  // `next start` (the floor's) takes PORT as ours does; it binds every address, which costs nothing more.
  const npm = spawn("npm", ["start"], {
    cwd,
    env: { ...embedded, WAYBILL_DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", METRICS_TOKEN, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm start exited ${npm.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  const startS = (performance.now() - started) / 1000;
  const stop = async () => {
    // Ended (by a signal, too: then exitCode stays null): its exit event has fired already.
    if (npm.exitCode !== null || npm.signalCode !== null) return;
    const exited = new Promise((resolve) => npm.once("exit", resolve));
    try {
      process.kill(-npm.pid!, "SIGTERM");
    } catch {
      return; // the group ended meanwhile
    }
    await exited;
  };
  return { npm, base, startS, stop };
}

/** What the server says of its own memory: Node's default metrics and the database thread's, in MB. */
async function selfReport(base: string): Promise<{
  rss: number;
  heap_used: number;
  heap_total: number;
  external: number;
  database_wasm: number;
  database_heap: number;
  backlog: string;
  polls: number;
}> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)`, "m"))?.[1] ?? Number.NaN) / 2 ** 20;
  // Runs waiting, by function: a day the runner could not keep up with shows here.
  const backlog = [...text.matchAll(/^waybill_queue_depth\{function="([^"]+)"\} (\d+)/gm)].map(([, name, depth]) => `${name} ${depth}`).join(", ");
  const polls = [...text.matchAll(/^waybill_polls_total\{[^}]*\} (\d+)/gm)].reduce((sum, [, value]) => sum + Number(value), 0);
  return {
    backlog,
    polls,
    rss: value("process_resident_memory_bytes"),
    heap_used: value("nodejs_heap_size_used_bytes"),
    heap_total: value("nodejs_heap_size_total_bytes"),
    external: value("nodejs_external_memory_bytes"),
    database_wasm: value('waybill_embedded_database_memory_bytes\\{part="webassembly"\\}'),
    database_heap: value('waybill_embedded_database_memory_bytes\\{part="heap"\\}'),
  };
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const describe = (tree: ProcessMemory[]) => tree.map((p) => `${p.name} ${mb(p.rssMb)} (${p.threads} threads)`).join(", ");

/** An organisation with an API key and no rate limits in a fresh data directory, made before the server opens it. */
async function seededDataDir(): Promise<{ dataDir: string; key: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "waybill-bench-footprint-"));
  // Secrets the seed encrypts take the key the server will find in this directory.
  process.env.WAYBILL_DATA_DIR = dataDir;
  const { resetEnvForTests } = await import("@/lib/env");
  const { resetEncryptionKeyForTests } = await import("@/lib/connections/encryption-key");
  resetEnvForTests();
  resetEncryptionKeyForTests();
  const { migrateDatabase, openPglite } = await import("@/db/client");
  const { organizations } = await import("@/db/schema");
  const { createOrganization } = await import("@/lib/accounts/create-organization");
  const { createApiKey } = await import("@/lib/accounts/create-api-key");
  const handle = await openPglite(path.join(dataDir, "pglite"));
  await migrateDatabase(handle);
  const organization = await createOrganization(handle.db, { name: "Footprint" });
  await handle.db
    .update(organizations)
    .set({ rateLimits: { "*": 1_000_000 } })
    .where(sql`id = ${organization.id}`);
  const { key } = await createApiKey(handle.db, organization.id, "bench");
  await handle.close();
  return { dataDir, key };
}

export async function run(args: string[]) {
  const trackings = option(args, "trackings", 10_000);
  const daySeconds = option(args, "day-seconds", 600);
  const settleSeconds = option(args, "settle-seconds", 20);
  buildIfStale();
  const { startFakeCarrierServer } = await import("@/testing/carriers/fake-carrier-server");
  const carrier = await startFakeCarrierServer({ generateInTransit: true, recordRequests: false });
  const emptyDir = mkdtempSync(path.join(os.tmpdir(), "waybill-bench-footprint-"));
  const { dataDir, key } = await seededDataDir();
  const bareApp = buildBareNextApp();
  const running: Started[] = [];
  try {
    // 0. The floor: Next.js alone, started and settled the same way.
    const bare = await npmStart(emptyDir, {}, bareApp);
    running.push(bare);
    await sleep(settleSeconds * 1000);
    const floorTree = processTree(bare.npm.pid!);
    await bare.stop();
    console.log(
      `the floor, a bare Next.js app by npm start: ${mb(totalRssMb(floorTree))} (${mb(totalPssMb(floorTree))} with shared pages counted once): ${describe(floorTree)}`,
    );

    // 1. First start on an empty directory, then idle.
    const first = await npmStart(emptyDir, {});
    running.push(first);
    await sleep(settleSeconds * 1000);
    const idleTree = processTree(first.npm.pid!);
    const idleSelf = await selfReport(first.base);
    await first.stop();
    console.log(`first start: ready in ${first.startS.toFixed(2)} s`);
    console.log(
      `idle after ${settleSeconds} s: ${mb(totalRssMb(idleTree))} (${mb(totalPssMb(idleTree))} with shared pages counted once): ${describe(idleTree)}`,
    );
    console.log(
      `  the server's own account: rss ${mb(idleSelf.rss)}, heap ${mb(idleSelf.heap_used)} used of ${mb(idleSelf.heap_total)}, external ${mb(idleSelf.external)}; the database's thread: WebAssembly ${mb(idleSelf.database_wasm)}, heap ${mb(idleSelf.database_heap)}`,
    );

    // 2. The day: creates through the API, then the polls.
    // No day at all (`--day-seconds 0`): the real schedule.
    const scale = daySeconds > 0 ? daySeconds / 86_400 : 1;
    const second = await npmStart(dataDir, { ...carrier.env, POLL_INTERVAL_SCALE: String(scale) });
    running.push(second);
    let peak = totalRssMb(processTree(second.npm.pid!));
    const sampler = setInterval(() => (peak = Math.max(peak, totalRssMb(processTree(second.npm.pid!)))), 1000);
    const createStarted = performance.now();
    let next = 0;
    const creates = Array.from({ length: 8 }, async () => {
      while (next < trackings) {
        const number = `1ZFOOT${String(next++).padStart(12, "0")}`;
        const response = await fetch(`${second.base}/2025-04/trackings`, {
          method: "POST",
          headers: { "waybill-api-key": key, "content-type": "application/json" },
          body: JSON.stringify({ tracking_number: number, slug: "ups", title: "footprint" }),
        });
        if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
      }
    });
    await Promise.all(creates);
    const createS = (performance.now() - createStarted) / 1000;
    const afterCreates = totalRssMb(processTree(second.npm.pid!));
    console.log(`\nrestart: ready in ${second.startS.toFixed(2)} s; ${trackings} creates in ${createS.toFixed(1)} s; ${mb(afterCreates)} after them`);
    const pollsBefore = (await selfReport(second.base)).polls;
    const dayStarted = performance.now();
    while (performance.now() - dayStarted < daySeconds * 1000) {
      await sleep(30_000);
      const self = await selfReport(second.base);
      const polls = self.polls - pollsBefore;
      const hour = ((performance.now() - dayStarted) / 1000 / daySeconds) * 24;
      // The main thread's heap beside the total: what of the resident memory is the app's own JavaScript.
      console.log(
        `  hour ${hour.toFixed(1)}: ${polls} polls, ${mb(totalRssMb(processTree(second.npm.pid!)))} (server heap ${mb(self.heap_used)} used of ${mb(self.heap_total)}, external ${mb(self.external)})`,
      );
    }
    clearInterval(sampler);
    const dayTree = processTree(second.npm.pid!);
    const daySelf = await selfReport(second.base);
    const polls = daySelf.polls - pollsBefore;
    peak = Math.max(peak, totalRssMb(dayTree));
    await second.stop();
    console.log(`after the day: ${mb(totalRssMb(dayTree))} (${mb(totalPssMb(dayTree))} with shared pages counted once): ${describe(dayTree)}`);
    console.log(
      `  the server's own account: rss ${mb(daySelf.rss)}, heap ${mb(daySelf.heap_used)} used of ${mb(daySelf.heap_total)}, external ${mb(daySelf.external)}; the database's thread: WebAssembly ${mb(daySelf.database_wasm)}, heap ${mb(daySelf.database_heap)}`,
    );
    console.log(`  runs waiting at the end of the day: ${daySelf.backlog || "none"}`);
    console.log(`  ${polls} polls in the day (${(polls / daySeconds).toFixed(0)}/s; the schedule asks about ${trackings * 24}); peak ${mb(peak)}`);
    const round = (value: number) => Math.round(value);
    console.log(
      JSON.stringify({
        bench: "footprint",
        idle_mb: round(totalRssMb(idleTree)),
        floor_mb: round(totalRssMb(floorTree)),
        day_mb: round(totalRssMb(dayTree)),
        idle_pss_mb: round(totalPssMb(idleTree)),
        day_pss_mb: round(totalPssMb(dayTree)),
        peak_mb: round(peak),
        start_s: Number(first.startS.toFixed(2)),
        restart_s: Number(second.startS.toFixed(2)),
        processes: dayTree.length,
        polls,
      }),
    );
  } finally {
    for (const server of running) await server.stop();
    await carrier.close();
    rmSync(emptyDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareApp, { recursive: true, force: true });
  }
}
