import { asc, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { organizations } from "@/db/schema";

/** Every organisation of the installation, for operators: members and live keys counted. */
export async function listOrganizations(db: Executor) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      createdAt: organizations.createdAt,
      rateLimits: organizations.rateLimits,
      // Spelled out: drizzle writes columns in a select list without their table, which a subquery would misread.
      members: sql<number>`(select count(*)::int from memberships m where m.organization_id = organizations.id)`,
      liveKeys: sql<number>`(select count(*)::int from api_keys k where k.organization_id = organizations.id and k.revoked_at is null)`,
    })
    .from(organizations)
    .orderBy(asc(organizations.createdAt));
}
