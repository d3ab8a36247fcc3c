import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./_columns";
import { type WebhookApiVersion, webhookEndpoints } from "./webhook-endpoints";

export type WebhookEventKind = "tracking_update" | "edd_revise" | "tracking_attention";
/** Why the delivery exists: a tracking event, the dashboard's "send test", or a redelivery of a stored one. */
export type WebhookDeliveryTrigger = "event" | "test" | "redelivery";
export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** One webhook body bound for one endpoint, sent (and retried) until a 2xx or the schedule runs out. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    endpointId: text("endpoint_id").notNull(),
    /** The payload's `event_id`: the same for every endpoint and redelivery of one event. */
    eventId: text("event_id").notNull(),
    /** The background event this delivery came from; with the endpoint, what makes the fan-out idempotent. */
    sourceEventId: text("source_event_id"),
    kind: text("kind").$type<WebhookEventKind>().notNull(),
    trigger: text("trigger").$type<WebhookDeliveryTrigger>().notNull(),
    redeliveryOf: text("redelivery_of"),
    trackingId: text("tracking_id"),
    /** The announced change's position in the record of changes: a receiver that missed one reads the gap from the feed. */
    changePosition: bigint("change_position", { mode: "number" }),
    apiVersion: text("api_version").$type<WebhookApiVersion>().notNull(),
    /** The exact bytes sent on every attempt; signatures are computed over them. */
    body: text("body").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at"),
    deliveredAt: tz("delivered_at"),
    failedAt: tz("failed_at"),
    createdAt: createdAt(),
  },
  (table) => [
    // Ids are time-ordered (lib/ids.ts): the key also serves the log, newest first.
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.endpointId],
      foreignColumns: [webhookEndpoints.organizationId, webhookEndpoints.id],
    }).onDelete("cascade"),
    // One delivery per endpoint and event; led by the event, so a fan-out finds its event's deliveries
    // without reading the organisation's whole log.
    uniqueIndex("webhook_deliveries_event_idx").on(table.organizationId, table.sourceEventId, table.endpointId),
    // One endpoint's delivery log.
    index("webhook_deliveries_endpoint_idx").on(table.organizationId, table.endpointId, table.id),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;
