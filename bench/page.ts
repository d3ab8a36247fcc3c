// `npm run bench -- page [--trackings 10000] [--duration 15] [--connections 32]`
// Seeds trackings with their scans in PostgreSQL, three to an order, serves the production build
// (bench flavour) and measures at 32 concurrent clients the tracking page of one shipment after
// another, the order page (its three parcels) of one order after another, and an empty Next.js page
// of the single page's size on the page's own path (proxy, `/t/[handle]`, root layout), the three
// taking turns in one run.
import { sql } from "drizzle-orm";
import { organizations } from "@/db/schema";
import { createOrganization } from "@/lib/accounts/create-organization";
import { orderPageToken, trackingPageToken } from "@/lib/trackings/page/token";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { combined, load, type Measured, signWithBenchKey, startEventApiStandIn, startServer } from "./support/next-server";
import { freshBenchDatabase, option } from "./support/bench-database";

const BENCH_DB = "waybill_bench_page";
const HANDLE = "bench-shop";
const SCANS = ["InfoReceived", "InTransit", "InTransit", "InTransit", "OutForDelivery"];

async function seed(trackings: number) {
  const { url, handle } = await freshBenchDatabase(BENCH_DB);
  const organization = await createOrganization(handle.db, { name: "Bench Shop" });
  await handle.db
    .update(organizations)
    .set({
      handle: HANDLE,
      trackingPage: {
        displayName: "Bench Shop",
        accentColor: "#0f766e",
        supportEmail: "help@bench.example",
        links: [{ label: "Returns", url: "https://bench.example/returns" }],
      },
    })
    .where(sql`id = ${organization.id}`);
  await handle.sql!.unsafe(
    `insert into trackings (organization_id, id, tracking_number, slug, dedupe_key, title, tag, subtag, subtag_message, order_number,
       customer_name, emails, expected_delivery, created_at, updated_at, last_updated_at, next_poll_at)
     select $1, lpad(to_hex(n), 32, '0'), '1Z999AA1' || lpad(n::text, 10, '0'), 'ups', 'k' || n, 'Order ' || n, 'OutForDelivery',
       'OutForDelivery_001', 'Out For Delivery', 'ORD-' || ((n - 1) / 3 + 1), 'Customer ' || n, array['c' || n || '@example.com'], '2026-03-12',
       now(), now(), now(), null
     from generate_series(1, $2::int) as n`,
    [organization.id, trackings],
  );
  await handle.sql!.unsafe(
    `insert into checkpoints (id, organization_id, tracking_id, position, slug, checkpoint_time, message, location, city, tag, subtag, subtag_message, dedupe_key)
     select md5(n::text || '-' || p), $1, lpad(to_hex(n), 32, '0'), p, 'ups', '2026-03-0' || (p + 1) || 'T10:0' || p || ':00',
       'Scan ' || p || ' at the facility', 'Facility ' || p, 'City ' || p, (array[${SCANS.map((s) => `'${s}'`).join(",")}])[p + 1],
       (array[${SCANS.map((s) => `'${s}'`).join(",")}])[p + 1] || '_001', 'Status', 'd' || p
     from generate_series(1, $2::int) as n cross join generate_series(0, ${SCANS.length - 1}) as p`,
    [organization.id, trackings],
  );
  await handle.sql!.unsafe("vacuum analyze trackings");
  await handle.sql!.unsafe("vacuum analyze checkpoints");
  return { handle, url, organizationId: organization.id };
}

export async function run(args: string[]) {
  const trackings = option(args, "trackings", 10_000);
  const duration = option(args, "duration", 15);
  const connections = option(args, "connections", 32);
  buildIfStale({ flavour: "bench" });
  signWithBenchKey();
  const started = Date.now();
  const { handle, url, organizationId } = await seed(trackings);
  console.log(`seeded ${trackings} trackings (+${trackings * SCANS.length} checkpoints) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const paths = Array.from({ length: trackings }, (_, i) => `/t/${HANDLE}/${trackingPageToken(organizationId, (i + 1).toString(16).padStart(32, "0"))}`);
  const orderPaths = Array.from({ length: Math.floor(trackings / 3) }, (_, i) => `/t/${HANDLE}/order/${orderPageToken(organizationId, `ORD-${i + 1}`)}`);
  const eventApi = await startEventApiStandIn();
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = await startServer(url, port, { jobs: { mode: "inngest", eventApiUrl: eventApi.url } });
  const base = `http://127.0.0.1:${port}`;
  try {
    const page = await fetch(`${base}${paths[0]}`);
    const pageBytes = (await page.text()).length;
    if (page.status !== 200) throw new Error(`the tracking page answered ${page.status}`);
    // The page's text travels twice (HTML and the React payload): fit the padding to the bytes it adds.
    const emptyAt = (bytes: number) => `/t/${HANDLE}/bench-empty?bytes=${bytes}`;
    const sizeWith = async (bytes: number) => (await (await fetch(`${base}${emptyAt(bytes)}`)).text()).length;
    const bare = await sizeWith(0);
    const perByte = ((await sizeWith(1000)) - bare) / 1000;
    const emptyPath = emptyAt(Math.max(0, Math.round((pageBytes - bare) / perByte)));
    const emptyBytes = (await (await fetch(`${base}${emptyPath}`)).text()).length;
    const orderPage = await fetch(`${base}${orderPaths[0]}`);
    const orderBytes = (await orderPage.text()).length;
    if (orderPage.status !== 200) throw new Error(`the order page answered ${orderPage.status}`);

    let next = 0;
    const pageLoad = (seconds: number) =>
      load({
        url: base,
        connections,
        duration: seconds,
        requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
      });
    let nextOrder = 0;
    const orderLoad = (seconds: number) =>
      load({
        url: base,
        connections,
        duration: seconds,
        requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: orderPaths[nextOrder++ % orderPaths.length] }) }],
      });
    const emptyLoad = (seconds: number) => load({ url: `${base}${emptyPath}`, connections, duration: seconds });
    // Warm all three (JIT, route chunks, prepared statements).
    await pageLoad(3);
    await orderLoad(3);
    await emptyLoad(3);
    // The framework's speed swings on this VM: the two take turns and are compared over the same minute.
    const ROUNDS = 3;
    const pages: Measured[] = [];
    const orders: Measured[] = [];
    const empties: Measured[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      empties.push(await emptyLoad(duration / ROUNDS));
      pages.push(await pageLoad(duration / ROUNDS));
      orders.push(await orderLoad(duration / ROUNDS));
    }
    const measured = combined(pages);
    const orderMeasured = combined(orders);
    const reference = combined(empties);
    const row = (name: string, m: Measured) =>
      console.log(`${name.padEnd(34)} ${m.perSecond.toFixed(0).padStart(7)} req/s   p50 ${m.p50Ms} ms   p99 ${m.p99Ms} ms   errors ${m.errors}`);
    console.log(`\n${trackings} trackings, ${connections} concurrent clients, ${duration} s each, in ${ROUNDS} turns`);
    console.log(`tracking page ${pageBytes} bytes, order page (3 parcels) ${orderBytes} bytes, empty page ${emptyBytes} bytes`);
    row("GET /t/<handle>/<token>", measured);
    row("GET /t/<handle>/order/<token>", orderMeasured);
    row("empty page of the single's size", reference);
    console.log(
      `turns, empty/tracking/order req/s: ${empties.map((empty, i) => `${empty.perSecond.toFixed(0)}/${pages[i]!.perSecond.toFixed(0)}/${orders[i]!.perSecond.toFixed(0)}`).join(", ")}`,
    );
    console.log(
      JSON.stringify({
        bench: "page",
        per_s: Math.round(measured.perSecond),
        p99_ms: measured.p99Ms,
        empty_page_per_s: Math.round(reference.perSecond),
        vs_empty_page: Number((measured.perSecond / reference.perSecond).toFixed(2)),
        order_per_s: Math.round(orderMeasured.perSecond),
        order_p99_ms: orderMeasured.p99Ms,
        order_vs_single: Number((orderMeasured.perSecond / measured.perSecond).toFixed(2)),
      }),
    );
  } finally {
    server.kill("SIGTERM");
    eventApi.server.close();
    await handle.close();
  }
}
