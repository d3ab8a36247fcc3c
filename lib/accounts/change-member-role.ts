import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { memberships, type MemberRole } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { assertAnotherAdminRemains } from "./assert-another-admin-remains";

export async function changeMemberRole(db: Database, organizationId: string, userId: string, role: MemberRole): Promise<void> {
  await db.transaction(async (tx) => {
    if (role !== "admin") await assertAnotherAdminRemains(tx, organizationId, userId);
    const changed = await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
      .returning({ userId: memberships.userId });
    if (changed.length === 0) throw new ApiError(404, "No such member in this organisation.");
  });
}
