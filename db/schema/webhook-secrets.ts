import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./_columns";
import { organizations } from "./organizations";

/**
 * An organisation's webhook signing secret, sealed with the encryption key (HMAC needs it back, so
 * it is encrypted rather than hashed: lib/webhooks/webhook-secret-cipher.ts); after a rotation the previous one keeps signing beside it until `previous_expires_at`.
 */
export const webhookSecrets = pgTable("webhook_secrets", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  previousSecret: text("previous_secret"),
  previousExpiresAt: tz("previous_expires_at"),
  rotatedAt: tz("rotated_at"),
  createdAt: createdAt(),
});

export type WebhookSecret = typeof webhookSecrets.$inferSelect;
export type NewWebhookSecret = typeof webhookSecrets.$inferInsert;
