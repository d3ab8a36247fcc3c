import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** Messages that left for an organisation on a day (UTC): the daily quota counts here, one row per day. */
export const messageQuotaDays = pgTable(
  "message_quota_days",
  {
    organizationId: text("organization_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    sent: integer("sent").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day] })],
);
