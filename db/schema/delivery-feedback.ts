import { foreignKey, index, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./_columns";
import { trackings } from "./trackings";

/**
 * A shopper's answer to "How was your delivery?" (1–5 and an optional comment), one per tracking,
 * changeable for 14 days. The courier and lane are copied in for Insights; it goes with the
 * tracking and with the organisation.
 */
export const deliveryFeedback = pgTable(
  "delivery_feedback",
  {
    organizationId: text("organization_id").notNull(),
    trackingId: text("tracking_id").notNull(),
    rating: smallint("rating").notNull(),
    /** The shopper's own words: stored as given (trimmed, at most 1,000 characters), escaped wherever shown. */
    comment: text("comment"),
    slug: text("slug").notNull(),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.trackingId] }),
    foreignKey({ columns: [table.organizationId, table.trackingId], foreignColumns: [trackings.organizationId, trackings.id] }).onDelete("cascade"),
    index("delivery_feedback_latest_idx").on(table.organizationId, table.updatedAt),
  ],
);

export type DeliveryFeedback = typeof deliveryFeedback.$inferSelect;
