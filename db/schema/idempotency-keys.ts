import { index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./_columns";
import { organizations } from "./organizations";

/** The first answer to a create, replayed for a retry with the same `Idempotency-Key` and body. */
export type StoredApiAnswer = { kind: "success"; status: 200 | 201; data: unknown } | { kind: "error"; code: number; message: string; data: unknown };

/**
 * `Idempotency-Key`s an organisation sent with its POSTs in the last 24 hours. Kept in the
 * database so a retry that reaches another instance gets the same answer.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the version, method, path and body the key was first sent with. */
    requestHash: text("request_hash").notNull(),
    /** Null while the first request is still being answered. */
    answer: jsonb("answer").$type<StoredApiAnswer>(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.key] }), index("idempotency_keys_created_idx").on(table.organizationId, table.createdAt)],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
