import { inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { users } from "@/db/schema";

/** The e-mail addresses of these users by id (nulls and repeats ignored), in one query. */
export async function userEmails(db: Executor, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.email]));
}
