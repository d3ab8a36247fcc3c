// `npm run bench -- chaos [--trackings 2000] [--kill-every 20] [--step-seconds 60] [--timeout-minutes 20]`
// Scale mode under fire: two production app instances with their embedded runners on one PostgreSQL
// database, a UPS stand-in whose parcels move a step a minute, a webhook receiver that refuses 10%
// of deliveries and answers 10% slowly, and one instance killed with SIGKILL every 20 seconds and
// started again. It counts, per tracking update (each `tracking/updated` the app stored), whether a
// webhook reached the receiver, the duplicates, overlapping polls of one parcel at the carrier, and
// 5xx answers to API calls made during the run.
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import postgres from "postgres";
import { AppInstance } from "./chaos/app-instance";
import { startFlakyReceiver } from "./chaos/flaky-receiver";
import { SCRIPTED_STEPS, startScriptedUps } from "./chaos/scripted-ups";

function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

export async function run(args: string[]) {
  const total = option(args, "trackings", 2_000);
  const killEveryMs = option(args, "kill-every", 20) * 1000;
  const stepMs = option(args, "step-seconds", 60) * 1000;
  const timeoutMs = option(args, "timeout-minutes", 20) * 60_000;
  if (!existsSync(".next/BUILD_ID")) {
    console.log("building the production app (next build)…");
    if (spawnSync("npx", ["next", "build"], { stdio: "inherit" }).status !== 0) throw new Error("next build failed");
  }

  const adminUrl = process.env.WAYBILL_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const database = `waybill_chaos_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  // App instances are killed, PostgreSQL is not: an acknowledged commit survives without waiting for this VM's disk flush.
  await admin.unsafe(`alter database "${database}" set synchronous_commit = off`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });

  const carrier = await startScriptedUps({ stepMs, answerDelayMs: [20, 200] });
  const receiver = await startFlakyReceiver({ failShare: 0.1, slowShare: 0.1, slowMs: 3_000 });
  const env = {
    DATABASE_URL: databaseUrl,
    WAYBILL_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    NEXTAUTH_SECRET: randomBytes(24).toString("hex"),
    UPS_API_BASE_URL: carrier.url,
    UPS_CLIENT_ID: "chaos",
    UPS_CLIENT_SECRET: "chaos",
    UPS_RATE_LIMIT: "off",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WAYBILL_WEBHOOK_URLS: receiver.url,
    WEBHOOK_RETRY_UNIT_MS: "2000",
    WEBHOOK_TIMEOUT_MS: "5000",
    // Real carriers are polled hourly in transit; a hundredth of that lets a parcel's five steps pass in minutes.
    POLL_INTERVAL_SCALE: "0.01",
  };
  const instances = [new AppInstance("instance A", 3101, env), new AppInstance("instance B", 3102, env)];
  const started = Date.now();
  const firstOutput = await instances[0]!.start();
  const apiKey = /API key: (\S+)/.exec(firstOutput)?.[1];
  if (!apiKey) throw new Error(`instance A printed no API key:\n${firstOutput}`);
  await instances[1]!.start();
  // The demo organisation creates as fast as the bench asks.
  await sql`update organizations set rate_limits = '{"*": 100000}'::jsonb`;
  console.log("PostgreSQL: synchronous_commit=off on the scratch database (the instances die, PostgreSQL does not)");
  console.log(`two instances up in ${seconds(Date.now() - started)} on ${database}`);

  const api = { calls: 0, serverErrors: 0, refusedByKilled: 0 };
  const call = async (instance: AppInstance, method: string, path: string, body?: unknown): Promise<Response | null> => {
    api.calls++;
    try {
      const response = await fetch(`${instance.url}${path}`, {
        method,
        headers: { "as-api-key": apiKey, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 500) api.serverErrors++;
      return response;
    } catch {
      // The instance was killed under this request, or is still starting.
      api.refusedByKilled++;
      return null;
    }
  };

  let stop = false;
  const killer = (async () => {
    for (let round = 0; !stop; round++) {
      await sleep(killEveryMs);
      if (stop) break;
      const victim = instances[round % 2]!;
      await victim.kill();
      await victim.start().catch((error: unknown) => console.error(String(error)));
    }
  })();
  const prober = (async () => {
    for (let index = 0; !stop; index++) {
      await call(instances[index % 2]!, "GET", "/tracking/2025-04/trackings?limit=5");
      await sleep(100);
    }
  })();

  const createStarted = Date.now();
  let created = 0;
  const numbers = Array.from({ length: total }, (_, index) => `1ZCHAOS${String(index).padStart(11, "0")}`);
  await Promise.all(
    Array.from({ length: 8 }, async (_, worker) => {
      for (let index = worker; index < total; index += 8) {
        for (let attempt = 0; ; attempt++) {
          const response = await call(instances[(index + attempt) % 2]!, "POST", "/tracking/2025-04/trackings", {
            tracking_number: numbers[index],
            slug: "ups",
          });
          // 4003: an earlier attempt was stored before its answer was lost with the instance.
          if (response && (response.status === 201 || (await response.json()).meta?.code === 4003)) break;
          await sleep(200);
        }
        created++;
      }
    }),
  );
  console.log(`created ${created} trackings in ${seconds(Date.now() - createStarted)} while instances were being killed`);

  const count = async (query: Promise<Array<{ n: number }>>) => (await query)[0]!.n;
  for (;;) {
    const delivered = await count(sql`select count(*)::int as n from trackings where tag = 'Delivered'`);
    const pending = await count(sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`);
    console.log(
      `${seconds(Date.now() - started)}: ${delivered}/${total} delivered, ${pending} webhook deliveries pending, ${receiver.received.size} webhooks received`,
    );
    if (delivered === total) stop = true;
    if ((stop && pending === 0) || Date.now() - started > timeoutMs) break;
    await sleep(10_000);
  }
  stop = true;
  await Promise.all([killer, prober]);
  // Deliveries whose first attempts were cut short finish on the surviving runners' retries.
  for (let waited = 0; waited < 120_000; waited += 5_000) {
    if ((await count(sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`)) === 0) break;
    await sleep(5_000);
  }

  const updates = await sql<Array<{ id: string; event_id: string | null }>>`
    select e.id, d.event_id from job_events e
    left join webhook_deliveries d on d.source_event_id = e.id
    where e.name = 'tracking/updated'`;
  const lost = updates.filter((update) => !update.event_id || !receiver.received.has(update.event_id)).length;
  const duplicates = [...receiver.received.values()].reduce((sum, times) => sum + times - 1, 0);
  const notDelivered = await count(sql`select count(*)::int as n from trackings where tag <> 'Delivered'`);
  const missingCheckpoints = await count(
    sql`select count(*)::int as n from trackings t where (select count(*) from checkpoints c where c.tracking_id = t.id) <> ${SCRIPTED_STEPS}`,
  );

  console.log(`updates stored: ${updates.length} (${total} trackings × ${SCRIPTED_STEPS} steps, some seen together by one poll)`);
  console.log(
    `webhooks: ${updates.length - lost} updates reached the receiver at least once, ${lost} lost, ${duplicates} duplicates, ${receiver.refused()} refused by the receiver`,
  );
  console.log(`trackings not Delivered at the end: ${notDelivered}; with a checkpoint count other than ${SCRIPTED_STEPS}: ${missingCheckpoints}`);
  console.log(`carrier: ${carrier.trackRequests()} track requests, ${carrier.overlappingPolls()} overlapping polls of one parcel`);
  console.log(`API calls during the run: ${api.calls}, 5xx: ${api.serverErrors}, refused or cut by a killed instance: ${api.refusedByKilled}`);

  await Promise.all(instances.map((instance) => instance.kill()));
  await Promise.all([carrier.close(), receiver.close()]);
  await sql.end();
  await admin.unsafe(`drop database if exists "${database}" with (force)`);
  await admin.end();
  console.log(
    JSON.stringify({
      bench: "chaos",
      updates: updates.length,
      delivered: updates.length - lost,
      lost,
      duplicates,
      overlapping_polls: carrier.overlappingPolls(),
      server_errors: api.serverErrors,
    }),
  );
}
