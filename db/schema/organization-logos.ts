import { pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./_columns";
import { organizations } from "./organizations";

/** The tracking page's logo, uploaded through the dashboard and served by Waybill (no other host is called). */
export const organizationLogos = pgTable("organization_logos", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  /** The image, base64. */
  data: text("data").notNull(),
  updatedAt: updatedAt(),
});

export type OrganizationLogo = typeof organizationLogos.$inferSelect;
