import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { preparedOrBuilt } from "@/db/prepared";
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

// Asked on every page view of a parcel or an order: prepared once.
const answersOf = (db: Executor) =>
  preparedOrBuilt(db, "feedback-of-trackings", () =>
    db
      .select()
      .from(deliveryFeedback)
      .where(
        and(
          eq(deliveryFeedback.organizationId, sql.placeholder("organizationId")),
          sql`${deliveryFeedback.trackingId} = any(${sql.placeholder("trackingIds")})`,
        ),
      )
      .prepare("feedback_of_trackings"),
  );

/** The answers given for these trackings of one organisation, by tracking id. */
export async function feedbackOf(db: Executor, organizationId: string, trackingIds: string[], now = new Date()): Promise<Map<string, GivenFeedback>> {
  if (!trackingIds.length) return new Map();
  const rows = await answersOf(db).execute({ organizationId, trackingIds });
  return new Map(
    rows.map((row) => {
      const until = changeableUntil(row.createdAt);
      return [row.trackingId, { rating: row.rating, comment: row.comment, changeableUntil: until, changeable: now <= until }];
    }),
  );
}
