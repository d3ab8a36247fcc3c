import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./_columns";
import { organizations } from "./organizations";

/** A merchant's own carrier account (2025-04 courier connections): trackings poll with its credentials. */
export const courierConnections = pgTable(
  "courier_connections",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** 32 hex, time-ordered (lib/ids.ts): ordering by id is ordering by creation. */
    id: text("id").notNull(),
    courierSlug: text("courier_slug").notNull(),
    /** The credentials as JSON, sealed with AES-256-GCM (lib/connections/credentials-cipher.ts); never plaintext. */
    credentialsCiphertext: text("credentials_ciphertext").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The key also serves list pages (newest first by id).
    primaryKey({ columns: [table.organizationId, table.id] }),
    // The `courier_slug` filter, and the earliest connection a new tracking of that courier defaults to.
    index("courier_connections_slug_idx").on(table.organizationId, table.courierSlug, table.id),
  ],
);

export type CourierConnection = typeof courierConnections.$inferSelect;
export type NewCourierConnection = typeof courierConnections.$inferInsert;
