import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings } from "@/db/schema";
import { type BusinessCalendar, businessDaysBetween } from "@/lib/edd/business-days";
import { loadCheckpoints } from "@/lib/trackings/tracking-record";

/** Recent deliveries a lane's gap is learnt from, and the fewest gaps worth a percentile. */
const SAMPLE_DELIVERIES = 200;
const MIN_GAPS = 20;

/**
 * The 90th percentile of the business days between two consecutive scans of the organisation's
 * recently delivered shipments of this courier, counted in the lane's calendar; null without enough history.
 */
export async function laneGapP90(db: Executor, organizationId: string, slug: string, calendar: BusinessCalendar): Promise<number | null> {
  const delivered = await db
    .select({ id: trackings.id })
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.slug, slug), eq(trackings.tag, "Delivered")))
    .orderBy(desc(trackings.updatedAt))
    .limit(SAMPLE_DELIVERIES);
  if (delivered.length === 0) return null;
  const timelines = await loadCheckpoints(
    db,
    organizationId,
    delivered.map((row) => row.id),
  );
  const gaps: number[] = [];
  for (const timeline of timelines.values()) {
    for (let index = 1; index < timeline.length; index++) {
      gaps.push(businessDaysBetween(timeline[index - 1]!.checkpointTime.slice(0, 10), timeline[index]!.checkpointTime.slice(0, 10), calendar));
    }
  }
  if (gaps.length < MIN_GAPS) return null;
  gaps.sort((a, b) => a - b);
  return gaps[Math.min(gaps.length - 1, Math.ceil(0.9 * gaps.length) - 1)]!;
}
