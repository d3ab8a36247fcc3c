import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { organizations, type RateLimitOverrides } from "@/db/schema";

/** Replaces an organisation's rate-limit overrides; null when no such organisation exists. */
export async function setOrganizationLimits(db: Executor, organizationId: string, limits: RateLimitOverrides): Promise<RateLimitOverrides | null> {
  const [updated] = await db
    .update(organizations)
    .set({ rateLimits: limits, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning({ rateLimits: organizations.rateLimits });
  return updated?.rateLimits ?? null;
}

/** Sets the messages an organisation may send a day; null: the server's default (MESSAGES_PER_DAY). */
export async function setMessagesPerDay(db: Executor, organizationId: string, messagesPerDay: number | null): Promise<void> {
  await db.update(organizations).set({ messagesPerDay, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
}
