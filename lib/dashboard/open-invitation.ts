import { getDb } from "@/db/client";
import { findOpenInvitation } from "@/lib/accounts/accept-invitation";

/** What the invitation page shows of a link: who is invited where, or null when it can no longer be used. */
export async function openInvitationView(token: string) {
  const open = await findOpenInvitation(await getDb(), token);
  return open ? { email: open.invitation.email, organizationName: open.organizationName, role: open.invitation.role, accountExists: open.accountExists } : null;
}
