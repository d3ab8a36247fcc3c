import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { suggestCouriers } from "@/lib/dashboard/suggest-couriers";

const DetectBody = z.object({ tracking_number: z.string().max(100) });

export const POST = dashboardRoute(async ({ request, user }) => {
  const { tracking_number } = await readJson(request, DetectBody);
  return { couriers: suggestCouriers(user.organization, tracking_number) };
});
