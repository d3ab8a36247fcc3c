// `npm run bench -- insights [--rows 1000000] [--runs 20]`
// Seeds trackings in PostgreSQL with statuses, lanes, deliveries and estimates over a year, builds their
// rollups through the write path's own bookkeeping, then times the Insights page's queries (the rollups)
// against the same figures computed from the raw tracking rows, for three filters, in one run.
import { and, asc, eq, gt, gte, lte } from "drizzle-orm";
import type { openPostgres } from "@/db/client";
import { trackings } from "@/db/schema";
import { createOrganization } from "@/lib/accounts/create-organization";
import { insightsView } from "@/lib/dashboard/insights";
import type { InsightsFilter } from "@/lib/trackings/insights/insights-queries";
import { rollupDeltas, recordRollupChanges } from "@/lib/trackings/insights/record-rollups";
import { freshBenchDatabase, option } from "./support/bench-database";

const BENCH_DB = "waybill_bench_insights";
const SLUGS = ["ups", "fedex", "usps", "dhl", "colissimo", "royal-mail"];
const COUNTRIES = ["USA", "DEU", "FRA", "GBR", "CAN"];
const TAGS = ["Delivered", "Delivered", "Delivered", "Delivered", "InTransit", "OutForDelivery", "Exception", "AttemptFail", "InfoReceived", "Expired"];
const PAGE = 20_000;

async function seed(rows: number) {
  const { handle } = await freshBenchDatabase(BENCH_DB);
  const organization = await createOrganization(handle.db, { name: "Insights bench" });
  const list = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(",")}]`;
  for (let from = 1; from <= rows; from += 100_000) {
    const to = Math.min(rows, from + 99_999);
    await handle.sql!.unsafe(
      `insert into trackings (organization_id, id, tracking_number, slug, dedupe_key, title, tag, subtag, subtag_message, tags_reached,
         origin_country_iso3, destination_country_iso3, order_promised_delivery_date, first_estimate, estimate_revisions, waybill_estimate,
         return_to_sender, picked_up_at, delivered_at, search_text, created_at, updated_at, last_updated_at, next_poll_at)
       select $1, lpad(to_hex(n), 32, '0'), 'INS' || n, s.slug, 'k' || n, 'Order ' || n, t.tag, t.tag || '_001', t.tag,
         array['InfoReceived', t.tag], o.c, d.c, to_char(c.created + interval '5 days', 'YYYY-MM-DD'),
         to_char(c.created + ((3 + n % 4) || ' days')::interval, 'YYYY-MM-DD'), (n % 5 = 0)::int,
         jsonb_build_object('estimated_delivery_date', to_char(c.created + interval '4 days', 'YYYY-MM-DD'),
           'estimated_delivery_date_min', to_char(c.created + interval '3 days', 'YYYY-MM-DD'),
           'estimated_delivery_date_max', to_char(c.created + interval '5 days', 'YYYY-MM-DD'), 'confidence_score', null),
         n % 97 = 0, c.created + interval '1 day',
         case when t.tag = 'Delivered' then c.created + ((2 + n % 6) || ' days')::interval end,
         'ins' || n, c.created, now(), now(), null
       from generate_series($2::int, $3::int) as n
       cross join lateral (select now() - ((n::bigint * 7919) % 365 || ' days')::interval as created) c
       cross join lateral (select (${list(SLUGS)})[1 + n % ${SLUGS.length}] as slug) s
       cross join lateral (select (${list(COUNTRIES)})[1 + (n / 7) % ${COUNTRIES.length}] as c) o
       cross join lateral (select (${list(COUNTRIES)})[1 + (n / 3) % ${COUNTRIES.length}] as c) d
       cross join lateral (select (${list(TAGS)})[1 + (n * 13) % ${TAGS.length}] as tag) t`,
      [organization.id, from, to],
    );
  }
  await handle.sql!.unsafe("vacuum analyze trackings");
  return { handle, organizationId: organization.id };
}

/** Every tracking row of the organisation in pages, as the raw computation and the rollup build read them. */
async function* pages(handle: Awaited<ReturnType<typeof openPostgres>>, organizationId: string, filter?: InsightsFilter) {
  let after = "";
  for (;;) {
    const rows = await handle.db
      .select()
      .from(trackings)
      .where(
        and(
          eq(trackings.organizationId, organizationId),
          gt(trackings.id, after),
          filter ? gte(trackings.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
          filter ? lte(trackings.createdAt, new Date(`${filter.to}T23:59:59.999Z`)) : undefined,
          filter?.slug ? eq(trackings.slug, filter.slug) : undefined,
        ),
      )
      .orderBy(asc(trackings.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.id;
  }
}

/** The page's figures from the raw rows: every tracking of the window read and counted as the rollups count it. */
async function rawFigures(handle: Awaited<ReturnType<typeof openPostgres>>, organizationId: string, filter: InsightsFilter) {
  let counted = 0;
  for await (const rows of pages(handle, organizationId, filter)) counted += rollupDeltas(rows.map((row) => ({ before: null, after: row }))).counterRows.length;
  return counted;
}

async function timeRuns(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const p95 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;

export async function run(args: string[]) {
  const rows = option(args, "rows", 1_000_000);
  const runs = option(args, "runs", 20);
  const rawRuns = option(args, "raw-runs", 3);
  let started = Date.now();
  const { handle, organizationId } = await seed(rows);
  console.log(`seeded ${rows} trackings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  for await (const page of pages(handle, organizationId))
    await recordRollupChanges(
      handle.db,
      page.map((row) => ({ before: null, after: row })),
    );
  const [{ count: rollupRows }] = (await handle.sql!`select count(*)::int as count from insight_rollups`) as unknown as [{ count: number }];
  console.log(`built ${rollupRows} rollup rows through the write path's bookkeeping in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const today = new Date().toISOString().slice(0, 10);
  const daysBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const filters: Array<[string, InsightsFilter]> = [
    ["last 30 days", { from: daysBefore(29), to: today }],
    ["last 365 days", { from: daysBefore(364), to: today }],
    ["90 days, one courier", { from: daysBefore(89), to: today, slug: "ups" }],
  ];
  const pageTimes: number[] = [];
  const rawTimes: number[] = [];
  for (const [name, filter] of filters) {
    await insightsView(handle.db, organizationId, filter);
    const page = await timeRuns(runs, () => insightsView(handle.db, organizationId, filter));
    const raw = await timeRuns(rawRuns, () => rawFigures(handle, organizationId, filter));
    pageTimes.push(...page);
    rawTimes.push(...raw);
    console.log(
      `${name.padEnd(22)} page p50 ${page[Math.floor(page.length / 2)]!.toFixed(1)} ms, p95 ${p95(page).toFixed(1)} ms   raw p50 ${raw[Math.floor(raw.length / 2)]!.toFixed(0)} ms, p95 ${p95(raw).toFixed(0)} ms`,
    );
  }
  pageTimes.sort((a, b) => a - b);
  rawTimes.sort((a, b) => a - b);
  await handle.close();
  console.log(
    JSON.stringify({
      bench: "insights",
      rows,
      page_p95_ms: Number(p95(pageTimes).toFixed(1)),
      raw_p95_ms: Number(p95(rawTimes).toFixed(0)),
      vs_raw: Number((p95(pageTimes) / p95(rawTimes)).toFixed(4)),
    }),
  );
}
