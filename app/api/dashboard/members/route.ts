import { z } from "zod";
import { addMember } from "@/lib/accounts/add-member";
import { listMembers } from "@/lib/accounts/list-members";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";

const NewMember = z.object({
  email: z.email("Enter an e-mail address."),
  name: z.string().max(200).optional(),
  role: z.enum(["admin", "member"]),
});

export const GET = dashboardRoute(async ({ db, user }) => ({ members: await listMembers(db, user.organization.id) }), { adminOnly: true });

/** The generated initial password is in this response only. */
export const POST = dashboardRoute(
  async ({ request, db, user }) => Response.json(await addMember(db, user.organization.id, await readJson(request, NewMember)), { status: 201 }),
  { adminOnly: true },
);
