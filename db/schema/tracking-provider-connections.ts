import { jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, tz, updatedAt } from "./_columns";
import { organizations } from "./organizations";

/** What the provider last said of the account's quota (17TRACK getquota, Ship24 subscription). */
export interface StoredProviderQuota {
  total: number | null;
  used: number | null;
  remaining: number | null;
  dailyLimit: number | null;
  todayUsed: number | null;
}

/**
 * An organisation's key for a tracking provider (17TRACK, Ship24): the long tail of couriers is
 * followed through it. One per provider and organisation; the server's key is the fallback.
 */
export const trackingProviderConnections = pgTable(
  "tracking_provider_connections",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** track17 | ship24 (lib/couriers/providers/provider-codes.ts). */
    provider: text("provider").notNull(),
    /** `{ apiKey, webhookSecret? }` as JSON, sealed with AES-256-GCM like courier connections; never plaintext. */
    credentialsCiphertext: text("credentials_ciphertext").notNull(),
    quota: jsonb("quota").$type<StoredProviderQuota>(),
    quotaCheckedAt: tz("quota_checked_at"),
    /** Why the provider last refused a call (quota exhausted, key refused), shown in the settings; null once a call succeeds. */
    lastError: text("last_error"),
    lastErrorAt: tz("last_error_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.provider] })],
);

export type TrackingProviderConnection = typeof trackingProviderConnections.$inferSelect;
export type NewTrackingProviderConnection = typeof trackingProviderConnections.$inferInsert;
