import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { memberships, users, type MemberRole } from "@/db/schema";
import { ConflictError } from "@/lib/domain-errors";
import { newId, randomSecret } from "@/lib/ids";
import { hashPassword } from "./hash-password";
import { normalizeEmail } from "./user-email";

const INITIAL_PASSWORD_LENGTH = 16;

export interface AddedMember {
  userId: string;
  email: string;
  /** Shown to the admin once, to hand over; the member changes it after signing in. */
  initialPassword: string;
}

/** An admin adds someone: a new account with a generated password, a member of the organisation. */
export async function addMember(db: Executor, organizationId: string, input: { email: string; name?: string | null; role: MemberRole }): Promise<AddedMember> {
  const email = normalizeEmail(input.email);
  const initialPassword = randomSecret(INITIAL_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(initialPassword);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) throw new ConflictError("user", `${email} already has a Waybill account.`);
    const userId = newId();
    await tx.insert(users).values({ id: userId, email, name: input.name?.trim() || null, passwordHash });
    await tx.insert(memberships).values({ userId, organizationId, role: input.role });
    return { userId, email, initialPassword };
  });
}
