import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { deliveryFeedback } from "@/db/schema";
import { changeableUntil } from "./give-feedback";

/** What the page shows of an answer already given. */
export interface GivenFeedback {
  rating: number;
  comment: string | null;
  changeableUntil: Date;
  /** Still inside its 14 days. */
  changeable: boolean;
}

/** The answers given for these trackings of one organisation, by tracking id. */
export async function feedbackOf(db: Executor, organizationId: string, trackingIds: string[], now = new Date()): Promise<Map<string, GivenFeedback>> {
  if (!trackingIds.length) return new Map();
  const rows = await db
    .select()
    .from(deliveryFeedback)
    .where(and(eq(deliveryFeedback.organizationId, organizationId), inArray(deliveryFeedback.trackingId, trackingIds)));
  return new Map(
    rows.map((row) => {
      const until = changeableUntil(row.createdAt);
      return [row.trackingId, { rating: row.rating, comment: row.comment, changeableUntil: until, changeable: now <= until }];
    }),
  );
}
