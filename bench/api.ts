// `npm run bench -- api [--rows 100000] [--duration 15] [--connections 32] [--rate-limit-store memory|postgres]`
// Seeds trackings in PostgreSQL, serves the production build against them and measures create,
// get by id and a filtered list page at 32 concurrent clients, beside two references measured in
// the same run: a route handler on the API's own path that does no work and answers as many bytes
// (the framework's ceiling) and the same queries through the bare `postgres` driver (the database's).
// The server runs as in scale mode: background functions belong to Inngest, here a local stand-in
// for its event API, so the figures are the API's own. Creates are measured a second time with the
// embedded runner in the same process, polling every new tracking on the same two cores.
import type autocannon from "autocannon";
import type { Sql } from "postgres";
import { env } from "@/lib/env";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { combined, load, type Measured, percentile, singleClientLatencies, startEventApiStandIn, startServer } from "./support/next-server";
import { option } from "./support/bench-database";
import { seedTrackings } from "./support/seed-trackings";

const BENCH_DB = "waybill_bench";

/** `connections` concurrent callers through a pool of the app's default size, as the app queries. */
async function driverCeiling(url: string, query: (sql: Sql, i: number) => Promise<unknown>, connections: number, seconds: number) {
  const { default: postgres } = await import("postgres");
  const client = postgres(url, { max: env().DATABASE_POOL_SIZE });
  let done = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      let i = worker;
      while (Date.now() < until) {
        await query(client, i);
        i += connections;
        done++;
      }
    }),
  );
  await client.end();
  return done / seconds;
}

export async function run(args: string[]) {
  const rows = option(args, "rows", 100_000);
  const duration = option(args, "duration", 15);
  const connections = option(args, "connections", 32);
  // One instance counts rate-limit windows in memory; several share them in PostgreSQL or Redis.
  const storeIndex = args.indexOf("--rate-limit-store");
  const rateLimitStore = storeIndex >= 0 ? args[storeIndex + 1]! : "memory";
  // The reference routes exist only in a bench build.
  buildIfStale({ flavour: "bench" });
  const { handle, url, key, organizationId } = await seedTrackings(BENCH_DB, rows);
  const eventApi = await startEventApiStandIn();
  const port = 3900 + Math.floor(Math.random() * 90);
  let server = await startServer(url, port, { rateLimitStore, jobs: { mode: "inngest", eventApiUrl: eventApi.url } });
  const base = `http://127.0.0.1:${port}`;
  // Every load gets its own copy: autocannon writes a POST body's content-length into the headers
  // object it is given, and a GET sent with it then hangs, waiting for a body that never comes.
  const headers = { "waybill-api-key": key, "content-type": "application/json" };
  const idOf = (i: number) => (1 + ((i * 7919) % rows)).toString(16).padStart(32, "0");
  const listPath = "/2024-07/trackings?tag=InTransit&slug=ups&limit=20";
  let createCounter = 0;
  const runId = Date.now().toString(36).toUpperCase();
  const createBody = () => JSON.stringify({ tracking_number: `BENCH${runId}${createCounter++}`, slug: "testing-courier", title: "bench" });
  // The API and its empty reference get requests of the same shape, built the same way per request.
  // The reference answers on the API's own path (a version prefix: no proxy, a route handler) with
  // as many bytes as the answer it stands beside (`?bytes=`, sized below).
  const REFERENCE = "/2025-04/bench-reference";
  let getBytes = "";
  let createBytes = "";
  let getCounter = 0;
  const getLoad = (prefix: string, seconds = duration) =>
    load({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: "GET",
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            path: `${prefix}/trackings/${idOf(getCounter++)}${prefix === REFERENCE ? getBytes : ""}`,
            headers: { ...headers },
          }),
        },
      ],
    });
  const createLoad = (prefix: string, seconds = duration) =>
    load({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: "POST",
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            path: `${prefix}/trackings${prefix === REFERENCE ? createBytes : ""}`,
            headers: { ...headers },
            body: createBody(),
          }),
        },
      ],
    });
  // The framework's ceiling swings by ±30 % within minutes on this VM, so the API and its reference
  // take turns, ROUNDS each of duration/ROUNDS seconds, and are compared over the same minute.
  const ROUNDS = 3;
  const besideReference = async (measure: (seconds: number) => Promise<Measured>, reference: (seconds: number) => Promise<Measured>) => {
    const measured: Measured[] = [];
    const references: Measured[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      references.push(await reference(duration / ROUNDS));
      measured.push(await measure(duration / ROUNDS));
    }
    return { measured: combined(measured), reference: combined(references), rounds: { measured, references } };
  };
  try {
    const bytesOf = async (path: string, init: RequestInit = {}) => (await (await fetch(`${base}${path}`, { headers, ...init })).text()).length;
    const bare = await bytesOf(`${REFERENCE}/trackings/x`);
    getBytes = `?bytes=${(await bytesOf(`/2025-04/trackings/${idOf(0)}`)) - bare}`;
    createBytes = `?bytes=${(await bytesOf("/2025-04/trackings", { method: "POST", body: createBody() })) - bare}`;
    const sizes = {
      get: await bytesOf(`${REFERENCE}/trackings/x${getBytes}`),
      post: await bytesOf(`${REFERENCE}/trackings${createBytes}`, { method: "POST", body: "{}" }),
    };
    // Warm every measured path (JIT, route chunks, prepared statements) before measuring.
    await getLoad("/2025-04", 3);
    await getLoad("/tracking/2026-07", 3);
    await getLoad(REFERENCE, 3);
    await load({ url: `${base}${listPath}`, headers: { ...headers }, connections: 8, duration: 2 });
    await createLoad(REFERENCE, 3);

    const getRun = await besideReference(
      (seconds) => getLoad("/2025-04", seconds),
      (seconds) => getLoad(REFERENCE, seconds),
    );
    const get = getRun.measured;
    // The newest official client's path: /tracking/2026-07, its version's codec.
    const get2607Run = await besideReference(
      (seconds) => getLoad("/tracking/2026-07", seconds),
      (seconds) => getLoad(REFERENCE, seconds),
    );
    const get2607 = get2607Run.measured;
    const list = await load({ url: `${base}${listPath}`, headers: { ...headers }, connections, duration });

    const singleLatencies = await singleClientLatencies(`${base}${listPath}`, headers);

    const createRun = await besideReference(
      (seconds) => createLoad("/2025-04", seconds),
      (seconds) => createLoad(REFERENCE, seconds),
    );
    const create = createRun.measured;
    const eventsSent = eventApi.received();

    const driverGet = await driverCeiling(
      url,
      (client, i) => client`select t.*, (select json_agg(c order by c.position) from checkpoints c
        where c.organization_id = t.organization_id and c.tracking_id = t.id) as checkpoints
        from trackings t where t.organization_id = ${organizationId} and t.id = ${idOf(i)}`,
      connections,
      duration / 2,
    );
    // The list's own two queries: the page (with its checkpoints) in index order and the total.
    const windowStart = new Date(Date.now() - 120 * 86_400_000);
    const driverList = await driverCeiling(
      url,
      (client) =>
        Promise.all([
          client`select t.*, (select json_agg(c order by c.position) from checkpoints c
              where c.organization_id = t.organization_id and c.tracking_id = t.id) as checkpoints
            from trackings t where organization_id = ${organizationId} and slug = ${"ups"} and tag = ${"InTransit"}
            and created_at >= ${windowStart} and created_at <= ${new Date()} order by created_at desc nulls last, id desc nulls last limit 21`,
          client`select count(*)::int from trackings where organization_id = ${organizationId} and slug = ${"ups"} and tag = ${"InTransit"}
            and created_at >= ${windowStart} and created_at <= ${new Date()}`,
        ]),
      connections,
      duration / 2,
    );

    // Creates again with the embedded runner in the server, which polls and estimates every new
    // tracking on the same cores while the creates go on.
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    server = await startServer(url, port, { rateLimitStore, jobs: { mode: "embedded" } });
    await load({ url: `${base}${REFERENCE}/trackings/x`, connections: 8, duration: 2 });
    const createEmbedded = await createLoad("/2025-04");

    const row = (name: string, m: Measured) =>
      console.log(`${name.padEnd(34)} ${m.perSecond.toFixed(0).padStart(7)} req/s   p50 ${m.p50Ms} ms   p99 ${m.p99Ms} ms   errors ${m.errors}`);
    console.log(`\n${rows} trackings, ${connections} concurrent clients, ${duration} s per run, rate limits counted in ${rateLimitStore}`);
    row("GET /2025-04/trackings/:id", get);
    row("GET /tracking/2026-07/trackings/:id", get2607);
    row("POST /2025-04/trackings", create);
    row("POST, embedded runner in process", createEmbedded);
    row("GET filtered list (limit 20)", list);
    row(`empty GET handler (${sizes.get} bytes)`, getRun.reference);
    row(`empty POST handler (${sizes.post} bytes)`, createRun.reference);
    const turns = (run: typeof getRun) =>
      run.rounds.references.map((reference, i) => `${reference.perSecond.toFixed(0)}/${run.rounds.measured[i]!.perSecond.toFixed(0)}`).join(", ");
    console.log(`turns, reference/API req/s: GET ${turns(getRun)}; GET 2026-07 ${turns(get2607Run)}; POST ${turns(createRun)}`);
    console.log(`events the creates sent to the Inngest stand-in: ${eventsSent.events} in ${eventsSent.sends} sends`);
    console.log(`${"bare driver: select by id".padEnd(34)} ${driverGet.toFixed(0).padStart(7)} queries/s`);
    console.log(`${"bare driver: filtered list query".padEnd(34)} ${driverList.toFixed(0).padStart(7)} queries/s`);
    console.log(
      `single client filtered list: p50 ${percentile(singleLatencies, 50).toFixed(1)} ms, p95 ${percentile(singleLatencies, 95).toFixed(1)} ms, p99 ${percentile(singleLatencies, 99).toFixed(1)} ms`,
    );
    const round = (value: number, digits = 2) => Number(value.toFixed(digits));
    console.log(
      JSON.stringify({
        bench: "api",
        rows,
        rate_limit_store: rateLimitStore,
        get_per_s: round(get.perSecond, 0),
        get_p50_ms: get.p50Ms,
        get_p99_ms: get.p99Ms,
        get_vs_framework: round(get.perSecond / getRun.reference.perSecond),
        get_2026_07_per_s: round(get2607.perSecond, 0),
        get_2026_07_p99_ms: get2607.p99Ms,
        get_2026_07_vs_framework: round(get2607.perSecond / get2607Run.reference.perSecond),
        get_vs_driver: round(get.perSecond / driverGet),
        create_per_s: round(create.perSecond, 0),
        create_p99_ms: create.p99Ms,
        create_vs_framework: round(create.perSecond / createRun.reference.perSecond),
        create_embedded_per_s: round(createEmbedded.perSecond, 0),
        list_per_s: round(list.perSecond, 0),
        list_vs_driver: round(list.perSecond / driverList),
        framework_get_per_s: round(getRun.reference.perSecond, 0),
        framework_post_per_s: round(createRun.reference.perSecond, 0),
        list_single_p95_ms: round(percentile(singleLatencies, 95), 1),
        list_single_p50_ms: round(percentile(singleLatencies, 50), 1),
        errors: get.errors + create.errors + createEmbedded.errors + list.errors,
      }),
    );
  } finally {
    server.kill("SIGTERM");
    eventApi.server.close();
    await handle.close();
  }
}
