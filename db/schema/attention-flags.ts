import { date, foreignKey, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tz } from "./_columns";
import { trackings } from "./trackings";

/**
 * A reason a tracking needs a person (lib/trackings/attention): stalled, no first scan, estimate
 * passed, failed attempt, returning to sender, exception. Written by the scheduled evaluation, removed
 * when the shipment moves; the merchant may snooze, resolve or annotate it.
 */
export const attentionFlags = pgTable(
  "attention_flags",
  {
    organizationId: text("organization_id").notNull(),
    trackingId: text("tracking_id").notNull(),
    reason: text("reason").notNull(),
    /** The local date the condition began. */
    since: date("since", { mode: "string" }).notNull(),
    flaggedAt: tz("flagged_at").notNull().defaultNow(),
    snoozedUntil: tz("snoozed_until"),
    resolvedAt: tz("resolved_at"),
    note: text("note"),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.trackingId, table.reason] }),
    foreignKey({ columns: [table.organizationId, table.trackingId], foreignColumns: [trackings.organizationId, trackings.id] }).onDelete("cascade"),
    // The queue: an organisation's open flags, newest reason first.
    index("attention_flags_queue_idx").on(table.organizationId, table.since),
  ],
);

export type AttentionFlagRow = typeof attentionFlags.$inferSelect;
