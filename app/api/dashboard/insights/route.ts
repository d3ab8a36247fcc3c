import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { insightsFilter, insightsView } from "@/lib/dashboard/insights";

export const GET = dashboardRoute(async ({ request, db, user }) =>
  insightsView(db, user.organization.id, insightsFilter(new URL(request.url).searchParams, new Date())),
);
