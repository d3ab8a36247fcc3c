import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { invitationsOf, InviteBody, inviteFromDashboard } from "@/lib/dashboard/invitations";

export const GET = dashboardRoute(async ({ db, user }) => invitationsOf(db, user), { adminOnly: true });

/** The link is in this response only when no e-mail went out. */
export const POST = dashboardRoute(async ({ request, db, user }) => inviteFromDashboard(db, user, await readJson(request, InviteBody)), {
  adminOnly: true,
});
