import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./_columns";

/**
 * The transactional outbox: an event a verb owes, written in the verb's own transaction and sent
 * after its commit (then deleted). Rows left by a process that died between commit and send are
 * sent by the sweep (inngest/functions/sweep-follow-ups.ts); the row id is the event id, so a row
 * sent twice starts its work once.
 */
export const followUps = pgTable(
  "follow_ups",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    /** The event's name (lib/events/events.ts). */
    name: text("name").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("follow_ups_created_idx").on(table.createdAt)],
);

export type FollowUp = typeof followUps.$inferSelect;
