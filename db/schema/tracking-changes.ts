import { bigint, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tz } from "./_columns";
import { organizations } from "./organizations";

/** What a change announced (lib/trackings/changes/change-types.ts). */
export type TrackingChangeType =
  | "tracking.created"
  | "tracking.updated"
  | "tracking.estimate_revised"
  | "tracking.completed"
  | "tracking.retracked"
  | "tracking.courier_corrected"
  | "tracking.deleted"
  | "tracking.attention_flagged"
  | "tracking.attention_cleared";

/**
 * The record of changes: every tracking change Waybill announces, written once in the change's own
 * transaction, in order per organisation. The feed (`GET /events`), webhooks and Klaviyo read it.
 * `snapshot` is the tracking with its checkpoints as it was then (JSON of a TrackingRecord), so a
 * reader renders it in any version, also after the tracking is deleted.
 */
export const trackingChanges = pgTable(
  "tracking_changes",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** 1, 2, 3… per organisation, without gaps, in commit order (see change_positions). */
    position: bigint("position", { mode: "number" }).notNull(),
    id: text("id").notNull(),
    type: text("type").$type<TrackingChangeType>().notNull(),
    trackingId: text("tracking_id").notNull(),
    occurredAt: tz("occurred_at").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    /** What the type adds: the previous tag, the first time at a tag, the attention reasons, the previous estimate. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.position] }),
    uniqueIndex("tracking_changes_id_idx").on(table.id),
    // The daily retention job deletes by age.
    index("tracking_changes_occurred_idx").on(table.organizationId, table.occurredAt),
  ],
);

/**
 * Each organisation's last position. A change takes the next one by updating this row, whose lock
 * lasts until its transaction commits: positions are therefore visible in order, and a reader that
 * has seen position n will never later find a smaller one appear.
 */
export const changePositions = pgTable("change_positions", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  lastPosition: bigint("last_position", { mode: "number" }).notNull(),
});

export type TrackingChangeRow = typeof trackingChanges.$inferSelect;
