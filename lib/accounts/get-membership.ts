import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { memberships, organizations, users, type MemberRole, type Organization, type User } from "@/db/schema";

export interface UserMembership {
  user: User;
  organization: Organization;
  role: MemberRole;
}

/**
 * The organisation a signed-in user works in and their role there: their oldest membership.
 * Null when the user or every membership is gone, which ends their session.
 */
export async function getMembership(db: Executor, userId: string): Promise<UserMembership | null> {
  const [row] = await db
    .select({ user: users, organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return row ?? null;
}
