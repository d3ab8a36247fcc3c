import { foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./_columns";
import { trackings } from "./trackings";

export const checkpoints = pgTable(
  "checkpoints",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    trackingId: text("tracking_id").notNull(),
    /** Position in the tracking's timeline, oldest first. */
    position: integer("position").notNull(),
    slug: text("slug").notNull(),
    /** Local time at the scan's place, without offset, as the carrier gave it. */
    checkpointTime: text("checkpoint_time").notNull(),
    /** The same instant with its offset, when the carrier tells it. */
    occurredAt: tz("occurred_at"),
    message: text("message").notNull().default(""),
    location: text("location"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    countryIso3: text("country_iso3"),
    countryName: text("country_name"),
    coordinates: jsonb("coordinates").$type<[number, number] | []>().notNull().default([]),
    tag: text("tag").notNull(),
    subtag: text("subtag").notNull(),
    subtagMessage: text("subtag_message").notNull(),
    rawTag: text("raw_tag"),
    /** carrier | user (mark as completed). */
    source: text("source").notNull().default("carrier"),
    /** The checkpoint hash (lib/carriers/checkpoint-hash.ts): a carrier repeating an event does not repeat the checkpoint. */
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({
      columns: [table.organizationId, table.trackingId],
      foreignColumns: [trackings.organizationId, trackings.id],
    }).onDelete("cascade"),
    index("checkpoints_tracking_idx").on(table.organizationId, table.trackingId, table.position),
    uniqueIndex("checkpoints_dedupe_idx").on(table.organizationId, table.trackingId, table.dedupeKey),
  ],
);

export type Checkpoint = typeof checkpoints.$inferSelect;
export type NewCheckpoint = typeof checkpoints.$inferInsert;
