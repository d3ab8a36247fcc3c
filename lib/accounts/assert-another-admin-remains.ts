import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { memberships } from "@/db/schema";
import { ConflictError } from "@/lib/domain-errors";

/**
 * Locks the organisation's admin memberships and refuses to leave it without one: two admins
 * demoting each other at the same moment wait for each other here, and the second is refused.
 */
export async function assertAnotherAdminRemains(tx: Executor, organizationId: string, userId: string): Promise<void> {
  const admins = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, "admin")))
    .for("update");
  if (!admins.some((admin) => admin.userId !== userId)) {
    throw new ConflictError("last-admin", "An organisation needs at least one admin: make someone else an admin first.");
  }
}
