import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { setEnabledTriggers } from "@/lib/notifications/templates/notification-templates";

export const PUT = dashboardRoute(
  async ({ request, db, user }) => {
    const { triggers } = await readJson(request, z.object({ triggers: z.array(z.string()) }));
    return { triggers: await setEnabledTriggers(db, user.organization.id, triggers) };
  },
  { adminOnly: true },
);
