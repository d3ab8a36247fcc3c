import { bigint, boolean, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tz, updatedAt } from "./_columns";
import { organizations } from "./organizations";

/** The kinds of shipment news sent to Klaviyo, each as its own metric (lib/notifications/klaviyo). */
export type KlaviyoMetricKind =
  | "created"
  | "info_received"
  | "in_transit"
  | "out_for_delivery"
  | "available_for_pickup"
  | "failed_attempt"
  | "delivered"
  | "exception"
  | "expired"
  | "estimate_revised"
  | "attention";

/** The key is good; Klaviyo refused it (401/403: revoked or missing a scope); or the last send failed otherwise. */
export type KlaviyoStatus = "connected" | "key_refused" | "failing";

/**
 * An organisation's Klaviyo account (Settings → Integrations → Klaviyo). Changes from the record of
 * changes are sent in order from `cursor` (the last position sent or passed over); one sender at a
 * time holds the lease.
 */
export const klaviyoIntegrations = pgTable("klaviyo_integrations", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  /** The private API key, sealed like courier credentials (bound to the organisation). */
  keyCiphertext: text("key_ciphertext").notNull(),
  /** The key's last four characters, to recognise it. */
  keyHint: text("key_hint").notNull(),
  /** Metric name per kind; a kind missing or blank is not sent. */
  metricNames: jsonb("metric_names").$type<Partial<Record<KlaviyoMetricKind, string>>>().notNull(),
  /** Klaviyo's flows send these channels: the merchant's own templates for them stay quiet. */
  replacesEmail: boolean("replaces_email").notNull().default(false),
  replacesSms: boolean("replaces_sms").notNull().default(false),
  cursor: bigint("cursor", { mode: "number" }).notNull(),
  status: text("status").$type<KlaviyoStatus>().notNull().default("connected"),
  lastError: text("last_error"),
  /** Klaviyo asked us to wait (429 Retry-After) or failed: nothing is sent before this. */
  pausedUntil: tz("paused_until"),
  /** Consecutive failed sends: the wait after a failure doubles with each. */
  failures: integer("failures").notNull().default(0),
  leaseUntil: tz("lease_until"),
  sentCount: bigint("sent_count", { mode: "number" }).notNull().default(0),
  lastSentAt: tz("last_sent_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type KlaviyoIntegration = typeof klaviyoIntegrations.$inferSelect;
