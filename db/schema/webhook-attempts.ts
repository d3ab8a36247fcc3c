import { boolean, foreignKey, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tz } from "./_columns";
import { webhookDeliveries } from "./webhook-deliveries";

/** One POST of a delivery: what the receiver answered (or why there was no answer). */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    deliveryId: text("delivery_id").notNull(),
    /** 1 to 14 on the retry schedule. */
    attempt: integer("attempt").notNull(),
    url: text("url").notNull(),
    attemptedAt: tz("attempted_at").notNull(),
    succeeded: boolean("succeeded").notNull(),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    /** The first kilobyte of the answer. */
    responseBody: text("response_body"),
    error: text("error"),
  },
  (table) => [
    foreignKey({
      columns: [table.organizationId, table.deliveryId],
      foreignColumns: [webhookDeliveries.organizationId, webhookDeliveries.id],
    }).onDelete("cascade"),
    // A step repeated after a crash rewrites its attempt instead of adding one.
    uniqueIndex("webhook_attempts_delivery_idx").on(table.organizationId, table.deliveryId, table.attempt),
  ],
);

export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
export type NewWebhookAttempt = typeof webhookAttempts.$inferInsert;
