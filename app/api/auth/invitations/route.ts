import { publicRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { acceptInvitation } from "@/lib/accounts/accept-invitation";
import { AcceptInvitationBody } from "@/lib/dashboard/invitations";

export const POST = publicRoute(async ({ request, db }) => acceptInvitation(db, await readJson(request, AcceptInvitationBody)));
