// `npm run bench -- scale [--sizes 10000,100000,1000000] [--duration 10] [--connections 32] [--due 2000]`
// How the costs grow with the table: for each size, a fresh PostgreSQL database seeded with that
// many trackings (bench/support/seed-trackings.ts), the production build (bench flavour) served in
// scale mode (a stand-in for Inngest's event API), and at `connections` clients for `duration`
// seconds each: creates, the filtered list page, and the shopper's tracking page. One client's list
// p95 is taken on its own, with the other clients asking the list at half the rate it was measured
// at (spread evenly over time, not autocannon's burst at the start of each second), and with them
// asking as fast as they can (then it is mostly time queued behind them). The
// list's query plan per filter shape (bench/support/list-plans.ts) is printed before the loads.
// Then the same server with the embedded runner: `due` UPS trackings fall due together and are
// polled from a local fake carrier; the figure is trackings polled a second from the first call
// to the last. One line of JSON per size:
// {"bench":"scale","rows":…,"create_per_s":…,"list_per_s":…,"list_single_p95_ms":…,"list_busy_p95_ms":…,
// "list_saturated_p95_ms":…,"page_per_s":…,"poll_per_s":…}.
import type autocannon from "autocannon";
import type { Sql } from "postgres";
import { trackingPageToken } from "@/lib/trackings/page/token";
import { type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { listPlans } from "./support/list-plans";
import {
  load,
  percentile,
  signWithBenchKey,
  singleClientLatencies,
  singleClientLatenciesUnder,
  startEventApiStandIn,
  startServer,
} from "./support/next-server";
import { option } from "./support/bench-database";
import { SEEDED_HANDLE, SEEDED_SLUGS, seededId, seedTrackings } from "./support/seed-trackings";

const BENCH_DB = "waybill_bench_scale";
const LIST_PATH = "/2025-04/trackings?tag=InTransit&slug=ups&limit=20";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Trackings a second the embedded runner polls when `due` UPS trackings fall due together. */
async function pollRate(url: string, carrier: FakeCarrierServer, due: number, rows: number, sql: Sql): Promise<number> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = await startServer(url, port, { jobs: { mode: "embedded" }, env: { ...carrier.env, LOG_LEVEL: "warn" } });
  try {
    const before = carrier.requestCount("ups", "track");
    // Every fifth seeded tracking is UPS's (bench/support/seed-trackings.ts): spread over the table.
    const step = Math.max(1, Math.floor(rows / SEEDED_SLUGS.length / due));
    // Only these are due: the creates' own first polls would share the runner.
    await sql.unsafe("update trackings set next_poll_at = null where next_poll_at is not null");
    await sql.unsafe(
      `update trackings set next_poll_at = now() - interval '1 second', active = true
       where id in (select lpad(to_hex(n), 32, '0') from generate_series(${SEEDED_SLUGS.length}, $1::int, ${SEEDED_SLUGS.length * step}) as n limit $2)`,
      [rows, due],
    );
    let first = 0;
    let last = 0;
    let seen = 0;
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      const polled = carrier.requestCount("ups", "track") - before;
      if (polled > seen) {
        if (!first) first = performance.now();
        last = performance.now();
        seen = polled;
      }
      if (seen >= due || (first && performance.now() - last > 15_000)) break;
      await sleep(100);
    }
    return first && last > first ? seen / ((last - first) / 1000) : 0;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

async function measureSize(rows: number, duration: number, connections: number, due: number, carrier: FakeCarrierServer) {
  const { handle, url, key, organizationId } = await seedTrackings(BENCH_DB, rows);
  for (const { shape, statements } of await listPlans(handle.sql!, organizationId)) {
    console.log(`plan, ${shape}:`);
    for (const { ms, nodes } of statements) console.log(`  ${ms.toFixed(2)} ms: ${nodes.join(" > ")}`);
  }
  const eventApi = await startEventApiStandIn();
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = await startServer(url, port, { jobs: { mode: "inngest", eventApiUrl: eventApi.url } });
  const base = `http://127.0.0.1:${port}`;
  const headers = { "waybill-api-key": key, "content-type": "application/json" };
  try {
    let created = 0;
    const runId = `${rows}${Date.now().toString(36)}`.toUpperCase();
    const spread = (i: number) => seededId(1 + ((i * 7919) % rows));
    let viewed = 0;
    const warm = { url: base, connections: 4, duration: 2 };
    await load({ ...warm, url: `${base}${LIST_PATH}`, headers: { ...headers } });
    await load({ ...warm, url: `${base}/t/${SEEDED_HANDLE}/${trackingPageToken(organizationId, spread(0))}` });
    const create = await load({
      url: base,
      connections,
      duration,
      requests: [
        {
          method: "POST",
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            path: "/2025-04/trackings",
            headers: { ...headers },
            body: JSON.stringify({ tracking_number: `SCALE${runId}${created++}`, slug: "testing-courier", title: "bench" }),
          }),
        },
      ],
    });
    const list = await load({ url: `${base}${LIST_PATH}`, headers: { ...headers }, connections, duration });
    const single = await singleClientLatencies(`${base}${LIST_PATH}`, headers);
    const busy = await singleClientLatenciesUnder(`${base}${LIST_PATH}`, headers, { clients: connections - 1, perSecond: list.perSecond / 2 });
    const saturated = await singleClientLatenciesUnder(`${base}${LIST_PATH}`, headers, { clients: connections - 1 });
    const page = await load({
      url: base,
      connections,
      duration,
      requests: [
        {
          method: "GET",
          setupRequest: (req: autocannon.Request) => ({ ...req, path: `/t/${SEEDED_HANDLE}/${trackingPageToken(organizationId, spread(viewed++))}` }),
        },
      ],
    });
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    const poll = await pollRate(url, carrier, due, rows, handle.sql!);
    const errors = create.errors + list.errors + page.errors;
    console.log(
      `${rows} trackings: create ${create.perSecond.toFixed(0)}/s, list ${list.perSecond.toFixed(0)}/s (one client p95 ${percentile(single, 95).toFixed(1)} ms alone, ${percentile(busy, 95).toFixed(1)} ms among others at half that rate, ${percentile(saturated, 95).toFixed(1)} ms among others at full speed), page ${page.perSecond.toFixed(0)}/s, poll ${poll.toFixed(0)}/s, errors ${errors}`,
    );
    console.log(
      JSON.stringify({
        bench: "scale",
        rows,
        create_per_s: Math.round(create.perSecond),
        list_per_s: Math.round(list.perSecond),
        list_single_p95_ms: Number(percentile(single, 95).toFixed(1)),
        list_busy_p95_ms: Number(percentile(busy, 95).toFixed(1)),
        list_saturated_p95_ms: Number(percentile(saturated, 95).toFixed(1)),
        page_per_s: Math.round(page.perSecond),
        poll_per_s: Math.round(poll),
        errors,
      }),
    );
  } finally {
    if (server.exitCode === null) server.kill("SIGTERM");
    eventApi.server.close();
    await handle.close();
  }
}

export async function run(args: string[]) {
  const sizesIndex = args.indexOf("--sizes");
  const sizes = (sizesIndex >= 0 ? args[sizesIndex + 1]! : "10000,100000,1000000").split(",").map(Number);
  const duration = option(args, "duration", 10);
  const connections = option(args, "connections", 32);
  const due = option(args, "due", 2_000);
  buildIfStale({ flavour: "bench" });
  signWithBenchKey();
  const carrier = await startFakeCarrierServer({ generateInTransit: true, recordRequests: false });
  try {
    for (const rows of sizes) await measureSize(rows, duration, connections, due, carrier);
  } finally {
    await carrier.close();
  }
}
