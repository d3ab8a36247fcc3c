import { z } from "zod";
import { changeMemberRole } from "@/lib/accounts/change-member-role";
import { removeMember } from "@/lib/accounts/remove-member";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";

type Params = { userId: string };

export const PATCH = dashboardRoute<Params>(
  async ({ request, db, user, params }) => {
    const { role } = await readJson(request, z.object({ role: z.enum(["admin", "member"]) }));
    await changeMemberRole(db, user.organization.id, params.userId, role);
    return { role };
  },
  { adminOnly: true },
);

export const DELETE = dashboardRoute<Params>(
  async ({ db, user, params }) => {
    await removeMember(db, user.organization.id, params.userId);
    return { removed: true };
  },
  { adminOnly: true },
);
