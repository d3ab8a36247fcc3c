import { bigint, boolean, date, index, pgTable, text } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * How many trackings each organisation has per courier, status and day of creation, as a ledger: triggers on
 * `trackings` (migration 0029) append +n/−n rows in the writer's own transaction, so the sum always
 * equals `count(*)` and no write waits on another's counter row. The list's total reads these few
 * rows instead of counting a million; a reader folds an organisation's rows into one per key when
 * they pile up (lib/trackings/tracking-counts.ts).
 */
export const trackingCounts = pgTable(
  "tracking_counts",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    tag: text("tag").notNull(),
    /** The UTC day the trackings were created: a date window sums whole days and counts only its two ends. */
    day: date("day", { mode: "string" }).notNull(),
    delta: bigint("delta", { mode: "number" }).notNull(),
    /** A fold's sum, not a writer's change: only changes make a fold due. */
    folded: boolean("folded").notNull().default(false),
  },
  (table) => [index("tracking_counts_key_idx").on(table.organizationId, table.tag, table.slug, table.day)],
);
