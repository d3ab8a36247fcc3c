import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { memberships, users, type User } from "@/db/schema";
import { newId } from "@/lib/ids";
import { assertPasswordAcceptable, hashPassword } from "./hash-password";
import { deleteSetupTokens } from "./setup-token";
import { normalizeEmail } from "./user-email";

export interface FirstAdminInput {
  organizationId: string;
  email: string;
  password: string;
  name?: string | null;
}

/**
 * The first account, an admin of the given organisation. Returns null once any user exists: the
 * first admin can be created only once, whether from the environment or from the sign-in page.
 */
export async function createFirstAdmin(db: Database, input: FirstAdminInput): Promise<User | null> {
  assertPasswordAcceptable(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Two instances starting together (or two people on the sign-in page) must not both succeed.
    await tx.execute(sql`select pg_advisory_xact_lock(7216003)`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return null;
    const [user] = await tx
      .insert(users)
      .values({ id: newId(), email: normalizeEmail(input.email), name: input.name?.trim() || null, passwordHash })
      .returning();
    await tx.insert(memberships).values({ userId: user!.id, organizationId: input.organizationId, role: "admin" });
    await deleteSetupTokens(tx);
    return user!;
  });
}
