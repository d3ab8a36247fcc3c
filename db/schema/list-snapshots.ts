import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tz } from "./_columns";
import { organizations } from "./organizations";

/**
 * The "now" a page-based list (v4, 2024-07) was pinned to on its page 1, so later pages of the same
 * query see the same rows whichever instance serves them.
 */
export const listSnapshots = pgTable(
  "list_snapshots",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** SHA-256 of the query without its page. */
    queryHash: text("query_hash").notNull(),
    pinnedAt: tz("pinned_at").notNull(),
    expiresAt: tz("expires_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.queryHash] }), index("list_snapshots_expiry_idx").on(table.expiresAt)],
);

export type ListSnapshot = typeof listSnapshots.$inferSelect;
