import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./_columns";
import { organizations } from "./organizations";

/**
 * A message the merchant wrote for one trigger (a status tag, or `estimate_revised`) and language,
 * in Liquid. Absent rows use Waybill's defaults.
 */
export const notificationTemplates = pgTable(
  "notification_templates",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    trigger: text("trigger").notNull(),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    sms: text("sms").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.trigger, table.language] })],
);

export type NotificationTemplate = typeof notificationTemplates.$inferSelect;
