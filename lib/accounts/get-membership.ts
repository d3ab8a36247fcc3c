import { asc, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { memberships, organizations, users, type MemberRole, type Organization, type User } from "@/db/schema";

export interface UserMembership {
  user: User;
  organization: Organization;
  role: MemberRole;
}

/**
 * The organisation a signed-in user works in and their role there: the one they chose, if they are
 * still a member of it, else their oldest membership. Null when the user or every membership is
 * gone, which ends their session.
 */
export async function getMembership(db: Executor, userId: string, chosenOrganizationId?: string): Promise<UserMembership | null> {
  const [row] = await db
    .select({ user: users, organization: organizations, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(sql`${memberships.organizationId} = ${chosenOrganizationId ?? ""}`), asc(memberships.createdAt))
    .limit(1);
  return row ?? null;
}

/** Every organisation the user belongs to, oldest membership first: the dashboard's switcher. */
export async function listUserOrganizations(db: Executor, userId: string): Promise<Array<{ id: string; name: string; role: MemberRole }>> {
  return db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}
