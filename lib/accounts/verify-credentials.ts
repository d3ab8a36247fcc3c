import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { users, type User } from "@/db/schema";
import { verifyPassword } from "./hash-password";
import { normalizeEmail } from "./user-email";

// A real bcrypt hash to compare against when the address is unknown, so both answers take as long.
const UNKNOWN_USER_HASH = "$2b$11$Le3x9XXVmStuqdafZyu6BO/HCUMwMTmFjZniQOV0wW.r7sNuSy3sa";

/** The user whose e-mail and password these are, or null (unknown address and wrong password alike). */
export async function verifyCredentials(db: Executor, email: string, password: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  const matches = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
  return user && matches ? user : null;
}
