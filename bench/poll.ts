// `npm run bench -- poll [--provider 17track | --carrier laposte] [--trackings 10000] [--concurrency 4] [--all-functions] [--statements] [--profile FILE]`
// With --provider 17track: royal-mail trackings followed through the local fake 17TRACK (40 numbers
// a call), measured in the same run as the direct UPS figure. With --carrier laposte: Colissimo
// trackings asked of the local fake La Poste Suivi v2 (10 numbers a call), beside UPS likewise.
// The embedded default end to end: PGlite in a data directory, the embedded runner on pg-boss
// (4 jobs at a time, as `npm start` runs it), UPS trackings polled over HTTP from the local fake
// carrier server. All trackings fall due together just before a dispatcher slot; the figure is
// trackings stored per second from that slot to the last one stored. Writes are counted by
// wrapping the PGlite instance that drizzle and pg-boss share: every statement it runs (including
// each one of pg-boss's multi-statement blocks) that inserts, updates or deletes.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, isNotNull } from "drizzle-orm";
import type { InngestFunction } from "inngest";
import { migrateDatabase, openPglite, setDatabaseHandle } from "@/db/client";
import { checkpoints, type NewTracking, trackings } from "@/db/schema";
import { inngest } from "@/lib/events/client";
import { EmbeddedEngine } from "@/inngest/embedded/engine";
import { PgBossQueue } from "@/inngest/embedded/pg-boss-queue";
import { functions as allFunctions } from "@/inngest/functions";
import { dispatchPolls } from "@/inngest/functions/dispatch-polls";
import { pollTrackings } from "@/inngest/functions/poll-trackings";
import { createOrganization } from "@/lib/accounts/create-organization";
import { type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { type FakeTrack17, startFakeTrack17 } from "@/testing/carriers/fake-track17-server";
import { type FakeLaposteServer, LAPOSTE_KEY, startFakeLaposteServer } from "@/testing/carriers/fake-laposte-server";
import { resetEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { startProfile } from "./profile";
import { countStatements, type Group, printStatementTimes, StatementCounter } from "./statement-counter";

function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Measured {
  perSecond: number;
  writesPerPoll: number;
}

type Kind = "ups" | "17track" | "laposte";

interface Fakes {
  carrier: FakeCarrierServer;
  track17: FakeTrack17;
  laposte: FakeLaposteServer;
}

const SLUG_OF: Record<Kind, string> = { ups: "ups", "17track": "royal-mail", laposte: "colissimo" };
const NAME_OF: Record<Kind, string> = { ups: "UPS", "17track": "Royal Mail (through 17TRACK)", laposte: "Colissimo (La Poste Suivi v2)" };

function benchNumber(kind: Kind, index: number): string {
  if (kind === "ups") return `1ZBENCH${String(index).padStart(11, "0")}`;
  if (kind === "17track") return `RB${String(index).padStart(9, "0")}GB`;
  return `6B${String(index).padStart(11, "0")}`;
}

function callCount(kind: Kind, fakes: Fakes): number {
  if (kind === "ups") return fakes.carrier.requestCount("ups", "track");
  return kind === "17track" ? fakes.track17.calls.length : fakes.laposte.calls.length;
}

export async function run(args: string[]) {
  const providerIndex = args.indexOf("--provider");
  const provider = providerIndex >= 0 ? args[providerIndex + 1] : undefined;
  if (provider !== undefined && provider !== "17track") throw new Error(`--provider takes 17track, not ${provider}`);
  const carrierIndex = args.indexOf("--carrier");
  const direct = carrierIndex >= 0 ? args[carrierIndex + 1] : undefined;
  if (direct !== undefined && direct !== "laposte") throw new Error(`--carrier takes laposte, not ${direct}`);
  const carrier = await startFakeCarrierServer({ generateInTransit: true, recordRequests: false });
  const track17 = await startFakeTrack17({ apiKey: TRACK17_KEY });
  const laposte = await startFakeLaposteServer({ generateInTransit: true });
  const fakes = { carrier, track17, laposte };
  // The carrier registry reads its configuration from the environment when first used.
  Object.assign(process.env, carrier.env, {
    TRACK17_API_BASE_URL: track17.baseUrl,
    TRACK17_API_KEY: TRACK17_KEY,
    TRACK17_RATE_LIMIT: "off",
    LAPOSTE_API_BASE_URL: laposte.url,
    LAPOSTE_API_KEY: LAPOSTE_KEY,
    LAPOSTE_RATE_LIMIT: "off",
  });
  resetEnvForTests();
  try {
    const ups = await measure(args, "ups", fakes);
    if (direct === "laposte") {
      const measured = await measure(args, "laposte", fakes);
      console.log(
        JSON.stringify({
          bench: "poll",
          carrier: "laposte",
          per_s: Math.round(measured.perSecond),
          ups_per_s: Math.round(ups.perSecond),
          writes_per_poll: Number(measured.writesPerPoll.toFixed(2)),
        }),
      );
      return;
    }
    if (provider !== "17track") {
      console.log(JSON.stringify({ bench: "poll", per_s: Math.round(ups.perSecond), writes_per_poll: Number(ups.writesPerPoll.toFixed(2)) }));
      return;
    }
    const through17 = await measure(args, "17track", fakes);
    console.log(
      JSON.stringify({
        bench: "poll",
        provider: "17track",
        per_s: Math.round(through17.perSecond),
        ups_per_s: Math.round(ups.perSecond),
        writes_per_poll: Number(through17.writesPerPoll.toFixed(2)),
      }),
    );
  } finally {
    await Promise.all([carrier.close(), track17.close(), laposte.close()]);
  }
}

const TRACK17_KEY = "bench-17track-key";
const ROYAL_MAIL = 11031;

async function measure(args: string[], kind: Kind, fakes: Fakes): Promise<Measured> {
  const total = option(args, "trackings", 10_000);
  const withAllFunctions = args.includes("--all-functions");
  // 4 is what `npm start` runs (inngest/embedded/worker.ts); other values are for exploring.
  const concurrency = option(args, "concurrency", 4);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "waybill-bench-poll-"));
  const { track17 } = fakes;

  const handle = await openPglite(path.join(dataDir, "pglite"));
  await migrateDatabase(handle);
  setDatabaseHandle(handle);
  const counter = new StatementCounter();
  countStatements(handle.pglite!, counter);
  const db = handle.db;

  const organization = await createOrganization(db, { name: "Poll bench" });
  const seedStarted = Date.now();
  for (let from = 0; from < total; from += 1_000) {
    const rows: NewTracking[] = Array.from({ length: Math.min(1_000, total - from) }, (_, index) => {
      const trackingNumber = benchNumber(kind, from + index);
      const slug = SLUG_OF[kind];
      return {
        organizationId: organization.id,
        id: newId(),
        trackingNumber,
        slug,
        dedupeKey: `${slug}:${trackingNumber}`,
        title: trackingNumber,
        nextPollAt: null,
      };
    });
    if (kind === "17track") {
      // Registered by an earlier poll, with two scans each: the steady state of a followed parcel.
      const day = Date.now() - 86_400_000;
      for (const row of rows) {
        track17.script(
          row.trackingNumber,
          ROYAL_MAIL,
          [
            { at: new Date(day).toISOString(), subStatus: "InTransit_PickedUp", description: "Collected", city: "London", country: "GB" },
            { at: new Date(day + 3_600_000).toISOString(), subStatus: "InTransit_Other", description: "In transit", city: "Leeds", country: "GB" },
          ],
          { registered: true },
        );
      }
    }
    await db.insert(trackings).values(rows);
  }
  console.log(`seeded ${total} ${NAME_OF[kind]} trackings in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s (PGlite in ${dataDir})`);

  const functions: InngestFunction.Any[] = withAllFunctions ? allFunctions : [dispatchPolls, pollTrackings];
  const queue = new PgBossQueue(handle, { concurrency });
  const engine = new EmbeddedEngine({ client: inngest, functions, db, queue });
  await engine.start();
  console.log(`runner: embedded, pg-boss, ${concurrency} jobs at a time; functions: ${functions.map((fn) => fn.id()).join(", ")}`);

  try {
    // Everything falls due together, a moment before the dispatcher's next slot.
    const slot = Math.ceil((Date.now() + 3_000) / 60_000) * 60_000;
    await sleep(slot - Date.now() - 1_000);
    await db.update(trackings).set({ nextPollAt: new Date(slot - 1_000) });
    counter.reset();
    const loadBefore = os.loadavg()[0]!;
    const cpuBefore = process.cpuUsage();
    const stopProfile = await startProfile(args);
    const callsBefore = callCount(kind, fakes);
    let stored = 0;
    let lastReport = Date.now();
    while (stored < total) {
      await sleep(500);
      [{ stored }] = (await db.select({ stored: count() }).from(trackings).where(isNotNull(trackings.lastPolledAt))) as [{ stored: number }];
      if (Date.now() - lastReport >= 10_000) {
        console.log(`  ${stored} stored after ${((Date.now() - slot) / 1000).toFixed(0)} s`);
        lastReport = Date.now();
      }
      if (Date.now() - slot > 15 * 60_000) throw new Error(`only ${stored} of ${total} polled after 15 minutes`);
    }
    const seconds = (Date.now() - slot) / 1000;
    await stopProfile();
    // The machine may be shared: the load says how much of it this run had, and the process's own
    // CPU time per poll what the pipeline costs whatever else runs beside it.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerPoll = (cpu.user + cpu.system) / 1000 / total;
    console.log(`load average (1 min) before / after: ${loadBefore.toFixed(2)} / ${os.loadavg()[0]!.toFixed(2)}`);
    console.log(`CPU of this process: ${cpuMsPerPoll.toFixed(1)} ms per poll (${((cpu.user + cpu.system) / 1e6 / seconds).toFixed(2)} cores busy on average)`);
    const writes = counter.totalWrites();
    const [{ stored: checkpointCount }] = (await db.select({ stored: count() }).from(checkpoints)) as [{ stored: number }];
    const perSecond = total / seconds;
    const writesPerPoll = writes / total;
    console.log(`polled ${total} trackings in ${seconds.toFixed(1)} s from the dispatcher slot: ${perSecond.toFixed(0)} per second`);
    console.log(`${NAME_OF[kind]} calls: ${callCount(kind, fakes) - callsBefore}; checkpoints stored: ${checkpointCount}`);
    console.log(
      `writes: ${writes} (${writesPerPoll.toFixed(2)} per poll): ` +
        (Object.entries(counter.writes) as [Group, number][]).map(([group, value]) => `${group} ${(value / total).toFixed(2)}`).join(", ") +
        `; reads: ${(counter.reads / total).toFixed(2)} per poll`,
    );
    if (args.includes("--statements")) printStatementTimes(counter);
    return { perSecond, writesPerPoll };
  } finally {
    await engine.stop();
    setDatabaseHandle(undefined);
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
