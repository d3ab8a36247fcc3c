import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./_columns";

/** Per-endpoint overrides of the requests-per-second table, keyed like "2025-04 GET /trackings". */
export type RateLimitOverrides = Record<string, number>;

export const organizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Ordered: detection ranks these couriers first and, without a slug, considers only them. */
  preferredCouriers: text("preferred_couriers").array().notNull().default([]),
  rateLimits: jsonb("rate_limits").$type<RateLimitOverrides>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
