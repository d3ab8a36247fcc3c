import { z } from "zod";
import type { Database } from "@/db/client";
import { inviteMember } from "@/lib/accounts/invite-member";
import { listOpenInvitations } from "@/lib/accounts/list-invitations";
import { publicBaseUrl } from "@/lib/http/public-address";
import type { DashboardUser } from "./session";

export const InviteBody = z.object({ email: z.email("Enter an e-mail address."), role: z.enum(["admin", "member"]) });
export const AcceptInvitationBody = z.object({ token: z.string().min(1).max(200), password: z.string().max(200), name: z.string().max(200).optional() });

export async function inviteFromDashboard(db: Database, user: DashboardUser, input: z.output<typeof InviteBody>) {
  const sent = await inviteMember(db, user.organization, user, input, publicBaseUrl());
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
