import { organizations, type Organization, type RateLimitOverrides } from "@/db/schema";
import type { Executor } from "@/db/client";
import { newId } from "@/lib/ids";

export async function createOrganization(
  db: Executor,
  input: { name: string; preferredCouriers?: string[]; rateLimits?: RateLimitOverrides },
): Promise<Organization> {
  const [organization] = await db
    .insert(organizations)
    .values({ id: newId(), name: input.name, preferredCouriers: input.preferredCouriers ?? [], rateLimits: input.rateLimits ?? {} })
    .returning();
  return organization!;
}
