import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { users } from "@/db/schema";
import { InvalidError } from "@/lib/domain-errors";
import { assertPasswordAcceptable, hashPassword, verifyPassword } from "./hash-password";

/** The user proves the current password; other sessions end, since they carry the old hash's stamp. */
export async function changePassword(db: Executor, userId: string, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new InvalidError("current_password", "invalid", "The current password is not right.");
  }
  assertPasswordAcceptable(input.newPassword);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, userId));
}
