import { z } from "zod";
import type { Database } from "@/db/client";
import { inviteMember } from "@/lib/accounts/invite-member";
import { listOpenInvitations } from "@/lib/accounts/list-invitations";
import { env } from "@/lib/env";
import type { DashboardUser } from "./session";

export const InviteBody = z.object({ email: z.email("Enter an e-mail address."), role: z.enum(["admin", "member"]) });
export const AcceptInvitationBody = z.object({ token: z.string().min(1).max(200), password: z.string().max(200), name: z.string().max(200).optional() });

/** Links in invitations point at the public address when one is set, else where the admin reached the dashboard. */
function publicBase(request: Request): string {
  const { PUBLIC_BASE_URL, NEXTAUTH_URL } = env();
  return PUBLIC_BASE_URL ?? NEXTAUTH_URL ?? new URL(request.url).origin;
}

export async function inviteFromDashboard(db: Database, user: DashboardUser, request: Request, input: z.output<typeof InviteBody>) {
  const sent = await inviteMember(db, user.organization, user, input, publicBase(request));
  return Response.json(
    { email: sent.invitation.email, role: sent.invitation.role, emailed: sent.invitation.delivery === "smtp", link: sent.link ?? null },
    { status: 201, headers: { "cache-control": "no-store" } },
  );
}

export async function invitationsOf(db: Database, user: DashboardUser) {
  const open = await listOpenInvitations(db, user.organization.id);
  return {
    invitations: open.map((invitation) => ({ ...invitation, createdAt: invitation.createdAt.toISOString(), expiresAt: invitation.expiresAt.toISOString() })),
  };
}
