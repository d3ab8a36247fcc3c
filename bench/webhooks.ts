// `npm run bench -- webhooks [--latency-updates 60] [--latency-interval-ms 1000] [--burst-updates 400] [--endpoints 5] [--history 20000] [--max-local-waiting 256] [--statements] [--profile FILE]`
// In the embedded mode (PGlite in a scratch directory, the in-process runner on pg-boss with its
// production settings), stores checkpoints the way the poller does (a batch of up to 20 trackings in
// one transaction, recorded as changes, then their `tracking/updated` events together) and measures, at a local
// node:http receiver:
//   1. latency: one update every --latency-interval-ms (a pace the runner keeps up with, so the
//      figure does not depend on how long the run lasts) to one endpoint, from the update's
//      `updatedAt` (stored before the commit) to the webhook's arrival; p50 and p99, split into legs
//      by the database's own timestamps;
//   2. throughput: --burst-updates updates (stored in poller batches, then announced together) to
//      --endpoints endpoints: deliveries per second from the announcement to the last webhook
//      received, the process's CPU per delivery over that time, and the latency of those deliveries.
//      The receiver runs in a process of its own (bench/support/receiver-process.ts).
//      400 × 5 by default: about ten seconds of steady work (100 × 5 lasts ~2.5 s, and its figure
//      swings ±15 % from run to run with start-up and tail).
//      The burst meets the database as a server that has been running finds it: --history earlier
//      deliveries in the log (another organisation's), and the statistics the embedded autovacuum
//      gathers every minute. A database a minute old plans its foreign-key checks on tables it saw
//      empty: each attempt logged reads the whole delivery log until the next pass (`--history 0`
//      shows it: the log's insert took 2.5 to 7 ms for five deliveries, 1.4 ms once analysed).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startProfile } from "./profile";
import { startReceiverProcess } from "./support/receiver-process";
import { countStatements, printStatementTimes, StatementCounter } from "./statement-counter";
import { threadCpu, threadCpuSince } from "./support/thread-cpu";

function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a number`);
  return value;
}

function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export async function run(args: string[]): Promise<void> {
  const latencyUpdates = option(args, "latency-updates", 60);
  const latencyIntervalMs = option(args, "latency-interval-ms", 1000);
  const burstUpdates = option(args, "burst-updates", 400);
  const endpointCount = option(args, "endpoints", 5);
  const history = option(args, "history", 20_000);

  // The embedded mode, whatever the shell says; set before the app's modules read their settings.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "waybill-bench-webhooks-"));
  delete process.env.DATABASE_URL;
  Object.assign(process.env, { WAYBILL_DATA_DIR: dataDir, JOBS_MODE: "embedded", WEBHOOK_ALLOW_PRIVATE: "true" });
  // The bench's own start (bench/index.ts) may have read the settings already.
  (await import("@/lib/env")).resetEnvForTests();

  const { getDatabaseHandle } = await import("@/db/client");
  const { rowsOf } = await import("@/db/rows-of");
  const { jobEvents, jobRuns, trackings, webhookAttempts, webhookDeliveries, webhookEndpoints } = await import("@/db/schema");
  const { vacuumDueTables } = await import("@/db/embedded-autovacuum.mjs");
  const { inngest } = await import("@/lib/events/client");
  const { EmbeddedEngine, MAX_LOCAL_WAITING } = await import("@/inngest/embedded/engine");
  const { PgBossQueue } = await import("@/inngest/embedded/pg-boss-queue");
  const { storableEvent, trackingUpdated } = await import("@/lib/events/events");
  const { recordFollowUps, sendFollowUps } = await import("@/lib/events/follow-ups");
  const { deliverWebhook } = await import("@/inngest/functions/deliver-webhook");
  const { fanOutWebhooks } = await import("@/inngest/functions/fan-out-webhooks");
  const { notifyContacts } = await import("@/inngest/functions/notify-contacts");
  const { createOrganization } = await import("@/lib/accounts/create-organization");
  const { subtagMessage } = await import("@/lib/carriers/subtags");
  const { trackingUpdatedData } = await import("@/lib/trackings/tracking-updated-data");
  const { applyTrackingUpdates } = await import("@/lib/trackings/apply-tracking-update");
  const { recordChanges } = await import("@/lib/trackings/changes/record-changes");
  const { changeIdsOf, updateChanges } = await import("@/lib/trackings/changes/update-changes");
  const { PER_NUMBER_POLL_BATCH } = await import("@/lib/trackings/poll-dispatch");
  const { createTracking } = await import("@/lib/trackings/create-tracking");
  const { createWebhookEndpoint } = await import("@/lib/webhooks/create-webhook-endpoint");
  const { and, asc, count, eq, gte, inArray, sql } = await import("drizzle-orm");

  const handle = await getDatabaseHandle();
  const { db } = handle;
  const counter = new StatementCounter();
  countStatements(handle.pglite!, counter);
  // What startEmbeddedWorker builds (concurrency 4, pg-boss polling every second), with the functions a tracking update starts.
  const queue = new PgBossQueue(handle, { concurrency: 4 });
  const engine = new EmbeddedEngine({
    client: inngest,
    functions: [fanOutWebhooks, deliverWebhook, notifyContacts],
    db,
    queue,
    maxLocalWaiting: option(args, "max-local-waiting", MAX_LOCAL_WAITING),
  });
  await engine.start();
  console.log(
    `mode: embedded (PGlite in ${dataDir}), runner concurrency 4, pg-boss polling 1 s, functions: fan-out-webhooks, deliver-webhook, notify-contacts`,
  );

  // The receiver notes when each webhook arrives and for which tracking (each tracking gets one update).
  const receiver = await startReceiverProcess();
  const { arrivals } = receiver;

  let sequence = 0;
  /** An earlier log: `count` deliveries to one endpoint of an organisation of its own, each with its attempt. */
  async function storeHistory(count: number) {
    const earlier = await newOrganization(1);
    const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, earlier.id));
    await db.execute(sql`
      insert into ${webhookDeliveries} (organization_id, id, endpoint_id, event_id, source_event_id, kind, trigger, api_version, body, status, attempt_count, delivered_at)
      select ${earlier.id}, 'earlier-' || n, ${endpoint!.id}, gen_random_uuid()::text, 'earlier-event-' || n, 'tracking_update', 'event', '2025-04', '{}', 'delivered', 1, now()
      from generate_series(1, ${count}) as n`);
    // Its attempts' foreign keys are checked by a plan made when the log was small: statistics
    // first, or each check reads the whole log (50 s for 20,000).
    await db.execute(sql`analyze ${webhookDeliveries}`);
    await db.execute(sql`
      insert into ${webhookAttempts} (id, organization_id, delivery_id, attempt, url, attempted_at, succeeded, status_code, latency_ms)
      select 'earlier-attempt-' || n, ${earlier.id}, 'earlier-' || n, 1, 'http://127.0.0.1/earlier', now(), true, 200, 1
      from generate_series(1, ${count}) as n`);
  }

  async function newOrganization(endpoints: number) {
    const organization = await createOrganization(db, { name: `Bench ${++sequence}` });
    for (let index = 0; index < endpoints; index++) {
      await createWebhookEndpoint(db, organization.id, { url: `${receiver.url}/${sequence}/${index}`, apiVersion: "2025-04" });
    }
    return organization;
  }

  async function newTrackings(organization: Awaited<ReturnType<typeof newOrganization>>, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const record = await createTracking(db, organization, { trackingNumber: `ITOD-1-${Date.now()}${++sequence}`, slugs: ["testing-courier"], fields: {} });
      ids.push(record.tracking.id);
    }
    return ids;
  }

  const arrivalScan = (now: Date) => ({
    checkpointTime: now.toISOString().slice(0, 19),
    occurredAt: now.toISOString(),
    message: "Arrival scan",
    location: null,
    city: "Leipzig",
    state: null,
    zip: null,
    countryIso3: "DEU",
    countryName: null,
    coordinates: [] as [],
    tag: "InTransit" as const,
    subtag: "InTransit_003",
    subtagMessage: subtagMessage("InTransit_003"),
    rawTag: null,
    source: "carrier" as const,
  });

  /**
   * The poller's write path (lib/trackings/store-poll-answers.ts): a batch's checkpoints and
   * statuses in one transaction with its `tracking/updated` events recorded, sent together after the commit.
   * Returns each update's `updatedAt` (stored before the commit), in milliseconds, and the events
   * (sent already unless `hold`).
   */
  async function storeScans(organizationId: string, trackingIds: string[], hold = false) {
    const now = new Date();
    const { changes, followUps } = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(trackings)
        .where(and(eq(trackings.organizationId, organizationId), inArray(trackings.id, trackingIds)))
        .orderBy(asc(trackings.id))
        .for("update");
      const stored = await applyTrackingUpdates(
        tx,
        rows.map((tracking) => ({ tracking, input: { now, checkpoints: [arrivalScan(now)] } })),
      );
      // Recorded as changes, so the fan-out reads the change's snapshot as it does for a poll.
      const recorded = await recordChanges(
        tx,
        organizationId,
        updateChanges(
          "tracking.updated",
          stored.map((change, index) => ({ before: rows[index]!, change })),
        ),
      );
      const changeIds = changeIdsOf(recorded, "tracking.updated");
      const events = stored.map((change) =>
        storableEvent(trackingUpdated, { ...trackingUpdatedData(change), changeId: changeIds.get(change.record.tracking.id) }),
      );
      return { changes: stored, followUps: await recordFollowUps(tx, organizationId, events) };
    });
    if (!hold) await sendFollowUps(db, followUps);
    const updatedAt = new Map(changes.map((change) => [change.record.tracking.id, change.record.tracking.lastUpdatedAt.getTime()]));
    return { updatedAt: trackingIds.map((id) => updatedAt.get(id)!), followUps };
  }

  async function waitForArrivals(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (receiver.arrived() < count) {
      if (Date.now() > deadline) throw new Error(`only ${receiver.arrived()} of ${count} webhooks arrived within ${timeoutMs / 1000} s`);
      await sleep(5);
    }
  }

  try {
    // Warm-up: module loading, first queries, the first connection to the receiver.
    const warm = await newOrganization(1);
    const [warmTracking] = await newTrackings(warm, 1);
    await storeScans(warm.id, [warmTracking!]);
    await waitForArrivals(1, 30_000);
    receiver.reset();

    // 1. Latency: updates one by one, at a steady pace.
    const single = await newOrganization(1);
    const latencyTrackings = await newTrackings(single, latencyUpdates);
    const storedAt = new Map<string, number>();
    for (const trackingId of latencyTrackings) {
      storedAt.set(trackingId, (await storeScans(single.id, [trackingId])).updatedAt[0]!);
      await sleep(latencyIntervalMs);
    }
    await waitForArrivals(latencyUpdates, 120_000);
    const latencies = latencyTrackings.map((trackingId) => arrivals.get(trackingId)![0]! - storedAt.get(trackingId)!);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(`latency, checkpoint stored → webhook received (${latencyUpdates} updates, one every ${latencyIntervalMs} ms, 1 endpoint):`);
    console.log(`  p50 ${ms(p50)}  p90 ${ms(percentile(latencies, 90))}  p99 ${ms(p99)}  max ${ms(Math.max(...latencies))}`);

    // Where the time goes, from the database's own clocks: event stored, attempt made, delivery
    // stored with it (after the answer).
    const legs = {
      "commit → event stored": [] as number[],
      "event → attempt starts (fan-out run)": [] as number[],
      "attempt → received (HTTP)": [] as number[],
      "received → delivery stored": [] as number[],
    };
    const events = await db.select().from(jobEvents).where(eq(jobEvents.name, "tracking/updated"));
    const eventAt = new Map(events.map((event) => [(event.payload.data as { trackingId: string }).trackingId, event.receivedAt.getTime()]));
    const rows = await db
      .select({ trackingId: webhookDeliveries.trackingId, createdAt: webhookDeliveries.createdAt, attemptedAt: webhookAttempts.attemptedAt })
      .from(webhookDeliveries)
      .innerJoin(
        webhookAttempts,
        and(eq(webhookAttempts.organizationId, webhookDeliveries.organizationId), eq(webhookAttempts.deliveryId, webhookDeliveries.id)),
      )
      .where(and(eq(webhookDeliveries.organizationId, single.id), inArray(webhookDeliveries.trackingId, latencyTrackings)));
    for (const row of rows) {
      const stored = storedAt.get(row.trackingId!)!;
      const event = eventAt.get(row.trackingId!)!;
      legs["commit → event stored"].push(event - stored);
      const received = arrivals.get(row.trackingId!)![0]!;
      legs["event → attempt starts (fan-out run)"].push(row.attemptedAt.getTime() - event);
      legs["attempt → received (HTTP)"].push(received - row.attemptedAt.getTime());
      legs["received → delivery stored"].push(row.createdAt.getTime() - received);
    }
    for (const [leg, values] of Object.entries(legs))
      console.log(`  ${leg.padEnd(42)} p50 ${ms(percentile(values, 50)).padStart(9)}  p99 ${ms(percentile(values, 99)).padStart(9)}`);

    // 2. Throughput: a burst of updates, each fanned out to every endpoint.
    receiver.reset();
    const busy = await newOrganization(endpointCount);
    const burstTrackings = await newTrackings(busy, burstUpdates);
    const expected = burstUpdates * endpointCount;
    const burstStart = new Date();
    // In the poller's batches, stored concurrently as its runs would.
    const batches = Array.from({ length: Math.ceil(burstTrackings.length / PER_NUMBER_POLL_BATCH) }, (_, index) =>
      burstTrackings.slice(index * PER_NUMBER_POLL_BATCH, (index + 1) * PER_NUMBER_POLL_BATCH),
    );
    const storeStarted = performance.now();
    const storeCpuBefore = process.cpuUsage();
    // Stored first and announced together, so the CPU counted from the announcement on is the
    // deliveries' own (fan-out, body, signing, sending, records), not the poller's writes.
    const burst = await Promise.all(batches.map((batch) => storeScans(busy.id, batch, true)));
    const storeCpu = process.cpuUsage(storeCpuBefore);
    const storeS = (performance.now() - storeStarted) / 1000;
    if (history > 0) {
      await storeHistory(history);
      // What the embedded database's autovacuum does every minute (db/embedded-autovacuum.mjs).
      await vacuumDueTables(handle.pglite!);
    }
    const cpuBefore = process.cpuUsage();
    const threadsBefore = threadCpu();
    const stopProfile = await startProfile(args);
    counter.reset();
    const started = performance.now();
    const announcedAt = Date.now();
    await Promise.all(burst.map((batch) => sendFollowUps(db, batch.followUps)));
    await waitForArrivals(expected, 1_800_000);
    const elapsedS = (performance.now() - started) / 1000;
    const perS = expected / elapsedS;
    await stopProfile();
    const statements = { reads: counter.reads, writes: counter.totalWrites() };
    if (args.includes("--statements")) printStatementTimes(counter);
    console.log(
      `throughput: ${burstUpdates} updates stored in ${storeS.toFixed(2)} s (${((storeCpu.user + storeCpu.system) / 1000 / burstUpdates).toFixed(2)} ms CPU each), then announced together: ${burstUpdates} × ${endpointCount} endpoints = ${expected} deliveries in ${elapsedS.toFixed(2)} s: ${perS.toFixed(1)} deliveries/s`,
    );
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const threads = threadCpuSince(threadsBefore);
    const [{ runs } = { runs: 0 }] = await db.select({ runs: count() }).from(jobRuns).where(gte(jobRuns.createdAt, burstStart));
    console.log(
      `  runner: ${runs} runs (${(runs / expected).toFixed(2)} per delivery), ${(runs / elapsedS).toFixed(1)} runs/s; process CPU ${cpuMs.toFixed(0)} ms = ${(cpuMs / runs).toFixed(1)} ms per run, ${(cpuMs / expected).toFixed(2)} ms per delivery, busy ${((100 * cpuMs) / (elapsedS * 1000)).toFixed(0)} % of one core`,
    );
    const perDelivery = (threadMs: number) => `${(threadMs / expected).toFixed(2)} ms per delivery`;
    console.log(
      `  by thread: main ${perDelivery(threads.mainMs)}, the busiest other (the embedded database's) ${perDelivery(threads.busiestOtherMs)}, the rest (V8's helpers, libuv) ${perDelivery(threads.restMs)}`,
    );
    const burstLatencies = burstTrackings.flatMap((trackingId) => arrivals.get(trackingId)!.map((at) => at - announcedAt));
    console.log(
      `  statements on the database: ${((statements.reads + statements.writes) / expected).toFixed(1)} per delivery (${(statements.writes / expected).toFixed(1)} writes)`,
    );
    console.log(`  latency of those deliveries from the announcement: p50 ${ms(percentile(burstLatencies, 50))}  p99 ${ms(percentile(burstLatencies, 99))}`);
    // What the prepared statements (db/pglite-prepared.mjs) hold in PGlite's memory, which never shrinks.
    const [plans] = rowsOf<{ statements: number; kb: number }>(
      await db.execute(sql`select (select count(*)::int from pg_prepared_statements) as statements,
        (select coalesce(sum(total_bytes), 0)::int / 1024 from pg_backend_memory_contexts where name like 'CachedPlan%') as kb`),
    );
    console.log(`  prepared statements on the database: ${plans!.statements}, their plans ${plans!.kb} KB`);
    console.log(`targets: p99 < 2000 ms ${p99 < 2000 ? "met" : "MISSED"}; ≥ 200 deliveries/s ${perS >= 200 ? "met" : "MISSED"}`);
    console.log(
      JSON.stringify({
        bench: "webhooks",
        p50_ms: Math.round(p50),
        p99_ms: Math.round(p99),
        per_s: Math.round(perS * 10) / 10,
        // Every thread of the process (the app, the runner and the embedded database's thread), from
        // the updates' announcement to the last webhook; the receiver runs in a process of its own.
        cpu_ms_per_delivery: Number((cpuMs / expected).toFixed(2)),
      }),
    );
  } finally {
    await engine.stop();
    await receiver.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
