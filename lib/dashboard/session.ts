import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import type { MemberRole, Organization } from "@/db/schema";
import { getMembership } from "@/lib/accounts/get-membership";
import { sessionStamp } from "@/lib/accounts/session-stamp";
import { authOptions } from "./auth-options";

/** Which of their organisations a user works in: only ever one they are a member of (getMembership checks). */
export const ORGANIZATION_COOKIE = "waybill-organization";

export interface DashboardUser {
  id: string;
  email: string;
  name: string | null;
  role: MemberRole;
  /** Every query the dashboard makes is scoped to this organisation. */
  organization: Organization;
}

/**
 * The signed-in user, their organisation and role, read from the database on every request, so
 * removing a member, changing a role or a password, or signing out elsewhere takes effect at once. Null when signed out.
 */
export const getDashboardUser = cache(async (): Promise<DashboardUser | null> => {
  const session = await getServerSession(authOptions());
  if (!session?.userId) return null;
  const chosen = (await cookies()).get(ORGANIZATION_COOKIE)?.value;
  const membership = await getMembership(await getDb(), session.userId, chosen);
  if (!membership || sessionStamp(membership.user) !== session.stamp) return null;
  const { user, organization, role } = membership;
  return { id: user.id, email: user.email, name: user.name, role, organization };
});
