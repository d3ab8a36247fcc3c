import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { memberships, type MemberRole } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";
import { assertAnotherAdminRemains } from "./assert-another-admin-remains";

export async function changeMemberRole(db: Database, organizationId: string, userId: string, role: MemberRole): Promise<void> {
  await db.transaction(async (tx) => {
    if (role !== "admin") await assertAnotherAdminRemains(tx, organizationId, userId);
    const changed = await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
      .returning({ userId: memberships.userId });
    if (changed.length === 0) throw new NotFoundError("member", "No such member in this organisation.");
  });
}
