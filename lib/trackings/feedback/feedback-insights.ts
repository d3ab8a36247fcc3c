import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { deliveryFeedback, trackings } from "@/db/schema";
import type { InsightsFilter } from "../insights/insights-queries";
import { LOW_RATING } from "./give-feedback";

export interface LaneSatisfaction {
  slug: string;
  origin: string;
  destination: string;
  answers: number;
  /** The mean rating, to two decimals. */
  average: number;
  /** Answers of 1 or 2. */
  low: number;
}

export interface FeedbackComment {
  trackingId: string;
  trackingNumber: string;
  slug: string;
  rating: number;
  comment: string;
  answeredAt: Date;
}

/** Answers given (or last changed) on the filter's days, for its courier and lane. */
function where(organizationId: string, filter: InsightsFilter): SQL {
  const end = new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000);
  return and(
    eq(deliveryFeedback.organizationId, organizationId),
    gte(deliveryFeedback.updatedAt, new Date(`${filter.from}T00:00:00Z`)),
    lt(deliveryFeedback.updatedAt, end),
    filter.slug ? eq(deliveryFeedback.slug, filter.slug) : undefined,
    filter.origin ? eq(deliveryFeedback.origin, filter.origin) : undefined,
    filter.destination ? eq(deliveryFeedback.destination, filter.destination) : undefined,
  )!;
}

/** Shoppers' ratings per courier and lane. */
export async function satisfactionByLane(db: Executor, organizationId: string, filter: InsightsFilter): Promise<LaneSatisfaction[]> {
  const rows = await db
    .select({
      slug: deliveryFeedback.slug,
      origin: deliveryFeedback.origin,
      destination: deliveryFeedback.destination,
      answers: sql<number>`count(*)::int`,
      average: sql<number>`round(avg(${deliveryFeedback.rating}), 2)::float8`,
      low: sql<number>`(count(*) filter (where ${deliveryFeedback.rating} <= ${LOW_RATING}))::int`,
    })
    .from(deliveryFeedback)
    .where(where(organizationId, filter))
    .groupBy(deliveryFeedback.slug, deliveryFeedback.origin, deliveryFeedback.destination)
    .orderBy(deliveryFeedback.slug, deliveryFeedback.origin, deliveryFeedback.destination);
  return rows;
}

/** The newest comments (the shoppers' own words), with the shipment they are about. */
export async function latestComments(db: Executor, organizationId: string, filter: InsightsFilter, limit: number): Promise<FeedbackComment[]> {
  const rows = await db
    .select({
      trackingId: deliveryFeedback.trackingId,
      trackingNumber: trackings.trackingNumber,
      slug: deliveryFeedback.slug,
      rating: deliveryFeedback.rating,
      comment: deliveryFeedback.comment,
      answeredAt: deliveryFeedback.updatedAt,
    })
    .from(deliveryFeedback)
    .innerJoin(trackings, and(eq(trackings.organizationId, deliveryFeedback.organizationId), eq(trackings.id, deliveryFeedback.trackingId)))
    .where(and(where(organizationId, filter), isNotNull(deliveryFeedback.comment)))
    .orderBy(desc(deliveryFeedback.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, comment: row.comment ?? "" }));
}
