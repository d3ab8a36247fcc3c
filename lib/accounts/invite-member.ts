import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { invitations, memberships, users, type Invitation, type MemberRole } from "@/db/schema";
import { ConflictError } from "@/lib/domain-errors";
import { newId } from "@/lib/ids";
import { notificationTransports } from "@/lib/notifications/notification-transports";
import { sendEmail } from "@/lib/notifications/send-email";
import { newInvitationToken } from "./invitation-token";
import { normalizeEmail } from "./user-email";
import { log } from "@/lib/observability/log";

export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

export interface SentInvitation {
  invitation: Invitation;
  /** Only when no e-mail went out (no SMTP server set, or it refused): the admin hands the link over. */
  link?: string;
}

function invitationText(input: { inviter: string; organizationName: string; role: MemberRole; link: string }): string {
  return [
    `${input.inviter} invited you to work with ${input.organizationName} on Waybill, as ${input.role === "admin" ? "an admin" : "a member"}.`,
    "",
    `Accept within 7 days: ${input.link}`,
    "",
    "If you did not expect this, ignore this e-mail: nothing happens unless you open the link.",
  ].join("\n");
}

/**
 * An admin invites someone by e-mail: an invitation with a one-time link, e-mailed through SMTP when
 * a server is set, else shown to the admin to hand over. Someone already in the organisation is a 409.
 */
export async function inviteMember(
  db: Executor,
  organization: { id: string; name: string },
  inviter: { id: string; name: string | null; email: string },
  input: { email: string; role: MemberRole },
  baseUrl: string,
): Promise<SentInvitation> {
  const email = normalizeEmail(input.email);
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organization.id), eq(users.email, email)))
    .limit(1);
  if (member) throw new ConflictError("member", `${email} is already a member of ${organization.name}.`);

  const { token, tokenHash } = newInvitationToken();
  const link = `${baseUrl.replace(/\/+$/, "")}/invite/${token}`;
  const { smtp } = notificationTransports();
  const id = newId();
  let delivery: Invitation["delivery"] = "outbox";
  if (smtp) {
    const text = invitationText({ inviter: inviter.name ?? inviter.email, organizationName: organization.name, role: input.role, link });
    delivery = await sendEmail(
      { to: email, subject: `Join ${organization.name} on Waybill`, text, language: "en", messageId: `<invitation-${id}@waybill>` },
      smtp,
    ).then(
      () => "smtp" as const,
      (error: unknown) => {
        log().warn(
          { event: "invitation_not_sent", organizationId: organization.id, error: error instanceof Error ? error.name : "error" },
          "Waybill invitations: the SMTP server refused the invitation; the admin is shown the link",
        );
        return "outbox" as const;
      },
    );
  }
  const [invitation] = await db
    .insert(invitations)
    .values({
      organizationId: organization.id,
      id,
      email,
      role: input.role,
      tokenHash,
      invitedBy: inviter.id,
      delivery,
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
    })
    .returning();
  return delivery === "smtp" ? { invitation: invitation! } : { invitation: invitation!, link };
}
