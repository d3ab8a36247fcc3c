import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * How many trackings each organisation has per courier and status, as a ledger: triggers on
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
    delta: bigint("delta", { mode: "number" }).notNull(),
  },
  (table) => [index("tracking_counts_key_idx").on(table.organizationId, table.tag, table.slug)],
);
