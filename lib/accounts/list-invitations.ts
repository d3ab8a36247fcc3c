import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { invitations } from "@/db/schema";

/** The organisation's invitations still waiting to be accepted, newest first. */
export async function listOpenInvitations(db: Executor, organizationId: string) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      delivery: invitations.delivery,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
    .orderBy(desc(invitations.id));
}
