import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";
import { assertAnotherAdminRemains } from "./assert-another-admin-remains";

/** Removes someone from the organisation; an account left without any organisation goes too. */
export async function removeMember(db: Database, organizationId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAnotherAdminRemains(tx, organizationId, userId);
    const removed = await tx
      .delete(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
      .returning({ userId: memberships.userId });
    if (removed.length === 0) throw new NotFoundError("member", "No such member in this organisation.");
    const [other] = await tx.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.userId, userId)).limit(1);
    if (!other) await tx.delete(users).where(eq(users.id, userId));
  });
}
