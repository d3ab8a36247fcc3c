import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { memberships, users } from "@/db/schema";

export async function listMembers(db: Executor, organizationId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.createdAt));
}
