import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./_columns";
import { organizations } from "./organizations";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 hex of the whole key; the key itself is never stored. */
    keyHash: text("key_hash").notNull(),
    /** The first characters, so people can tell keys apart. */
    keyStart: text("key_start").notNull(),
    /**
     * The key's API secret for signed requests (the official clients' AES `auth_type`), sealed with
     * the encryption key: verifying an HMAC needs it back. Null on keys made before signing existed.
     */
    signingSecretCiphertext: text("signing_secret_ciphertext"),
    createdAt: createdAt(),
    lastUsedAt: tz("last_used_at"),
    revokedAt: tz("revoked_at"),
  },
  (table) => [
    // Every API request looks its key up by hash.
    uniqueIndex("api_keys_key_hash_idx").on(table.keyHash),
    index("api_keys_organization_idx").on(table.organizationId),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;
