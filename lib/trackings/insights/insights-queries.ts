import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { insightRollups, insightTransit } from "@/db/schema";
import { TAG_COUNTERS, type TagCounter } from "@/lib/tags";
import { COUNTERS, type Counter } from "./contribution";

export interface InsightsFilter {
  /** Creation days, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  slug?: string;
  origin?: string;
  destination?: string;
}

function where(table: typeof insightRollups | typeof insightTransit, organizationId: string, filter: InsightsFilter): SQL {
  return and(
    eq(table.organizationId, organizationId),
    gte(table.day, filter.from),
    lte(table.day, filter.to),
    filter.slug ? eq(table.slug, filter.slug) : undefined,
    filter.origin ? eq(table.origin, filter.origin) : undefined,
    filter.destination ? eq(table.destination, filter.destination) : undefined,
  )!;
}

const sums = (counters: readonly Counter[]) =>
  Object.fromEntries(counters.map((counter) => [counter, sql<number>`coalesce(sum(${insightRollups[counter]}), 0)::int`]));

export type StatusDay = { day: string } & Record<TagCounter, number>;
export type CourierFigures = { slug: string } & Record<Counter, number>;

/** Shipments created per day, by the status they have now. */
export async function statusesOverTime(db: Executor, organizationId: string, filter: InsightsFilter): Promise<StatusDay[]> {
  return (await db
    .select({ day: insightRollups.day, ...sums(TAG_COUNTERS) })
    .from(insightRollups)
    .where(where(insightRollups, organizationId, filter))
    .groupBy(insightRollups.day)
    .orderBy(insightRollups.day)) as StatusDay[];
}

/** Every counter per courier, for shares and rates. */
export async function courierFigures(db: Executor, organizationId: string, filter: InsightsFilter): Promise<CourierFigures[]> {
  return (await db
    .select({ slug: insightRollups.slug, ...sums(COUNTERS) })
    .from(insightRollups)
    .where(where(insightRollups, organizationId, filter))
    .groupBy(insightRollups.slug)
    .orderBy(insightRollups.slug)) as CourierFigures[];
}

export interface LaneTransit {
  slug: string;
  origin: string;
  destination: string;
  delivered: number;
  median: number;
  p90: number;
}

/** The value at `share` of a histogram given as (business days, shipments) pairs, sorted by days. */
function percentile(buckets: Array<[number, number]>, share: number): number {
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  let seen = 0;
  for (const [days, count] of buckets) {
    seen += count;
    if (seen >= share * total) return days;
  }
  return buckets.at(-1)?.[0] ?? 0;
}

/** Transit in business days per courier and lane: median and 90th percentile of the delivered shipments. */
export async function laneTransit(db: Executor, organizationId: string, filter: InsightsFilter): Promise<LaneTransit[]> {
  const rows = await db
    .select({
      slug: insightTransit.slug,
      origin: insightTransit.origin,
      destination: insightTransit.destination,
      businessDays: insightTransit.businessDays,
      shipments: sql<number>`sum(${insightTransit.shipments})::int`,
    })
    .from(insightTransit)
    .where(where(insightTransit, organizationId, filter))
    .groupBy(insightTransit.slug, insightTransit.origin, insightTransit.destination, insightTransit.businessDays)
    .orderBy(insightTransit.slug, insightTransit.origin, insightTransit.destination, insightTransit.businessDays);
  const lanes = new Map<string, { slug: string; origin: string; destination: string; buckets: Array<[number, number]> }>();
  for (const row of rows) {
    if (row.shipments <= 0) continue;
    const id = `${row.slug}|${row.origin}|${row.destination}`;
    const lane = lanes.get(id) ?? { slug: row.slug, origin: row.origin, destination: row.destination, buckets: [] };
    lane.buckets.push([row.businessDays, row.shipments]);
    lanes.set(id, lane);
  }
  return [...lanes.values()].map((lane) => ({
    slug: lane.slug,
    origin: lane.origin,
    destination: lane.destination,
    delivered: lane.buckets.reduce((sum, [, count]) => sum + count, 0),
    median: percentile(lane.buckets, 0.5),
    p90: percentile(lane.buckets, 0.9),
  }));
}
