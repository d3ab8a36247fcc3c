import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { updatePreferredCouriers } from "@/lib/dashboard/update-preferred-couriers";

export const GET = dashboardRoute(async ({ user }) => ({ slugs: user.organization.preferredCouriers }));

export const PUT = dashboardRoute(async ({ request, db, user }) => {
  const { slugs } = await readJson(request, z.object({ slugs: z.array(z.string()) }));
  return { slugs: await updatePreferredCouriers(db, user.organization.id, slugs) };
});
