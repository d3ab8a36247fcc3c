import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { invitations, memberships, organizations, users, type Invitation } from "@/db/schema";
import { NotAllowedError, NotFoundError } from "@/lib/domain-errors";
import { newId } from "@/lib/ids";
import { assertPasswordAcceptable, hashPassword, verifyPassword } from "./hash-password";
import { hashInvitationToken } from "./invitation-token";

export interface OpenInvitation {
  invitation: Invitation;
  organizationName: string;
  /** The e-mail already has a Waybill account: the invitee proves it with its password. */
  accountExists: boolean;
}

const GONE = "This invitation has expired or was used already: ask the admin for a new one.";

/** The invitation a link stands for, while it can still be accepted; null otherwise. */
export async function findOpenInvitation(db: Executor, token: string): Promise<OpenInvitation | null> {
  const [row] = await db
    .select({ invitation: invitations, organizationName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, hashInvitationToken(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, row.invitation.email)).limit(1);
  return { ...row, accountExists: Boolean(account) };
}

/**
 * Joins the organisation through an invitation, once: a new account with the chosen password, or
 * an existing one whose password the invitee gives. Returns the e-mail to sign in with.
 */
export async function acceptInvitation(db: Database, input: { token: string; password: string; name?: string }): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.tokenHash, hashInvitationToken(input.token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
      .for("update");
    if (!invitation) throw new NotFoundError("invitation", GONE);
    const [account] = await tx.select().from(users).where(eq(users.email, invitation.email)).limit(1);
    let userId = account?.id;
    if (account) {
      if (!(await verifyPassword(input.password, account.passwordHash)))
        throw new NotAllowedError("accept-invitation", "Enter the password of your Waybill account to accept.");
    } else {
      assertPasswordAcceptable(input.password);
      userId = newId();
      await tx
        .insert(users)
        .values({ id: userId, email: invitation.email, name: input.name?.trim() || null, passwordHash: await hashPassword(input.password) });
    }
    await tx.insert(memberships).values({ userId: userId!, organizationId: invitation.organizationId, role: invitation.role }).onConflictDoNothing();
    await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.organizationId, invitation.organizationId), eq(invitations.id, invitation.id)));
    return { email: invitation.email };
  });
}
