import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { users } from "@/db/schema";
import { randomSecret } from "@/lib/ids";
import { assertPasswordAcceptable, hashPassword } from "./hash-password";
import { normalizeEmail } from "./user-email";

const GENERATED_PASSWORD_LENGTH = 16;

/**
 * An operator sets a user's password (a generated one when none is given) without knowing the old
 * one; the user's sessions end, since they carry the old hash's stamp. Null when no such user exists.
 */
export async function resetPassword(db: Executor, input: { email: string; password?: string }): Promise<{ email: string; password: string } | null> {
  const password = input.password ?? randomSecret(GENERATED_PASSWORD_LENGTH);
  assertPasswordAcceptable(password);
  const email = normalizeEmail(input.email);
  const [updated] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning({ email: users.email });
  return updated ? { email: updated.email, password } : null;
}
