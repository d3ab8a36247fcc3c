import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./_columns";

/**
 * One-time tokens that allow creating the first admin from the sign-in page, printed by the server
 * while nobody has an account (SHA-256 hashes only). All are deleted when the first admin exists.
 */
export const setupTokens = pgTable("setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: createdAt(),
});

export type SetupToken = typeof setupTokens.$inferSelect;
