import { boolean, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./_columns";
import { organizations } from "./organizations";

/** The API versions a webhook payload can be shaped in (the tracking in `msg`). */
export type WebhookApiVersion = "v4" | "2024-07" | "2025-04" | "2025-07" | "2026-01" | "2026-07";

/** Which header carries the signature: ours, or the compatible API's so existing receivers verify unchanged. */
export type WebhookSignatureHeader = "waybill-hmac-sha256" | "aftership-hmac-sha256";

/** A URL that receives every tracking webhook of its organisation (at most 10 per organisation). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    url: text("url").notNull(),
    apiVersion: text("api_version").$type<WebhookApiVersion>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    signatureHeader: text("signature_header").$type<WebhookSignatureHeader>().notNull().default("waybill-hmac-sha256"),
    /** Opted in to `tracking_attention` events (a tracking newly needs attention); off unless asked for. */
    attentionEvents: boolean("attention_events").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // The fan-out reads an organisation's endpoints on every tracking update.
    index("webhook_endpoints_organization_idx").on(table.organizationId, table.createdAt),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;
