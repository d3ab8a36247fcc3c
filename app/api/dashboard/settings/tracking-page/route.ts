import { z } from "zod";
import { updateTrackingPage } from "@/lib/accounts/update-tracking-page";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { trackingPageView } from "@/lib/dashboard/tracking-page-settings";

export const GET = dashboardRoute(async ({ db, user }) => ({ page: await trackingPageView(db, user.organization) }));

export const PUT = dashboardRoute(
  async ({ request, db, user }) => {
    const input = await readJson(request, z.record(z.string(), z.unknown()));
    return { page: await trackingPageView(db, await updateTrackingPage(db, user.organization, input)) };
  },
  { adminOnly: true },
);
