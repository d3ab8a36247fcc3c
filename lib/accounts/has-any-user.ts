import type { Executor } from "@/db/client";
import { users } from "@/db/schema";

/** False only before the first admin exists: the sign-in page then offers to create one. */
export async function hasAnyUser(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return Boolean(row);
}
