import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { users, type User } from "@/db/schema";

/**
 * What a session remembers of its user's password and session version: when either changes
 * (a password change, a sign-out), every session signed before no longer matches and ends.
 */
export function sessionStamp(user: Pick<User, "passwordHash" | "sessionVersion">): string {
  return createHash("sha256").update(`${user.passwordHash}\n${user.sessionVersion}`).digest("hex").slice(0, 16);
}

/** Ends every session of the user (sign-out signs them out everywhere). */
export async function endSessions(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}
