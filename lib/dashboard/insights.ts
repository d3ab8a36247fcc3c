import { z } from "zod";
import type { Executor } from "@/db/client";
import { getCourier } from "@/lib/couriers/get-courier";
import { InvalidError } from "@/lib/domain-errors";
import { courierFigures, type InsightsFilter, laneTransit, statusesOverTime } from "@/lib/trackings/insights/insights-queries";
import { csvLine } from "./format-csv";
import { eq } from "drizzle-orm";
import { organizations } from "@/db/schema";
import { latestComments, satisfactionByLane } from "@/lib/trackings/feedback/feedback-insights";
import type { InsightsView } from "./types";

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const day = z.iso.date();
const query = z.object({
  from: day.optional(),
  to: day.optional(),
  slug: z.string().trim().toLowerCase().max(64).optional(),
  origin: z.string().trim().toUpperCase().length(3).optional(),
  destination: z.string().trim().toUpperCase().length(3).optional(),
});

/** The page's filter from its query string: the last 30 days unless told, at most a year. */
export function insightsFilter(params: URLSearchParams, now: Date): InsightsFilter {
  const parsed = query.safeParse(Object.fromEntries([...params].filter(([, value]) => value.trim() !== "")));
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]!.path[0] ?? "query");
    throw new InvalidError(field, "invalid", `The value of \`${field}\` is invalid.`);
  }
  const to = parsed.data.to ?? now.toISOString().slice(0, 10);
  const from = parsed.data.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  if (from > to) throw new InvalidError("from", "invalid", "The start of the date range is after its end.");
  if (Date.parse(to) - Date.parse(from) > MAX_DAYS * 86_400_000) throw new InvalidError("from", "invalid", "Choose a range of at most a year.");
  return { ...parsed.data, from, to };
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/** Everything the Insights page draws, from the rollups only. */
export async function insightsView(db: Executor, organizationId: string, filter: InsightsFilter, options: { comments?: number } = {}): Promise<InsightsView> {
  const [statuses, couriers, lanes, satisfaction, comments, [organization]] = await Promise.all([
    statusesOverTime(db, organizationId, filter),
    courierFigures(db, organizationId, filter),
    laneTransit(db, organizationId, filter),
    satisfactionByLane(db, organizationId, filter),
    latestComments(db, organizationId, filter, options.comments ?? LATEST_COMMENTS),
    db.select({ attentionOnLowRating: organizations.attentionOnLowRating }).from(organizations).where(eq(organizations.id, organizationId)),
  ]);
  const name = (slug: string) => getCourier(slug)?.name ?? slug;
  const totals = couriers.reduce((sum, row) => ({ inRange: sum.inRange + row.inRange, ranged: sum.ranged + row.ranged }), { inRange: 0, ranged: 0 });
  return {
    filter,
    statuses,
    couriers: couriers
      .filter((row) => row.shipments > 0)
      .map((row) => ({
        slug: row.slug,
        name: name(row.slug),
        shipments: row.shipments,
        delivered: row.delivered,
        deliveredShare: rate(row.delivered, row.shipments),
        exceptionShare: rate(row.hadException, row.shipments),
        failedAttemptShare: rate(row.hadFailedAttempt, row.shipments),
        returnedShare: rate(row.returned, row.shipments),
        lost: row.lost,
        damaged: row.damaged,
        onTimeFirstEstimate: rate(row.firstEstimateOnTime, row.firstEstimateOnTime + row.firstEstimateLate),
        onTimePromised: rate(row.promisedOnTime, row.promisedOnTime + row.promisedLate),
        revisedShare: rate(row.revised, row.shipments),
        estimateAccuracy: rate(row.inRange, row.ranged),
      })),
    lanes: lanes.map((lane) => ({ ...lane, name: name(lane.slug) })),
    estimateAccuracy: rate(totals.inRange, totals.ranged),
    satisfaction: satisfaction.map((lane) => ({ ...lane, name: name(lane.slug) })),
    comments: comments.map((row) => ({
      trackingId: row.trackingId,
      trackingNumber: row.trackingNumber,
      courier: name(row.slug),
      rating: row.rating,
      comment: row.comment,
      answeredAt: row.answeredAt.toISOString(),
    })),
    attentionOnLowRating: organization?.attentionOnLowRating ?? false,
  };
}

const TABLES = ["statuses", "couriers", "lanes", "satisfaction", "comments"] as const;
/** The page shows the newest comments; the CSV of the comments has every one in the range, up to this many. */
const LATEST_COMMENTS = 20;
export const EXPORTED_COMMENTS = 10_000;

/** One of the page's tables as CSV: the numbers behind a chart. */
export function insightsCsv(view: InsightsView, table: string): string {
  if (!(TABLES as readonly string[]).includes(table)) {
    throw new InvalidError("table", "unknown", "Ask for the statuses, couriers, lanes, satisfaction or comments table.");
  }
  const rows = view[table as (typeof TABLES)[number]] as unknown as Array<Record<string, string | number | null>>;
  const header = rows[0] ? Object.keys(rows[0]) : [];
  return [csvLine(header), ...rows.map((row) => csvLine(header.map((column) => row[column])))].join("");
}
