import { z } from "zod";
import { dashboardCreateInput } from "@/lib/dashboard/views/tracking-input";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { listDashboardTrackings } from "@/lib/dashboard/list-dashboard-trackings";
import { trackingDetailWithRoute } from "@/lib/dashboard/tracking-view";
import { createTracking } from "@/lib/trackings/create-tracking";

export const GET = dashboardRoute(async ({ request, db, user }) => listDashboardTrackings(db, user.organization.id, new URL(request.url).searchParams));

/** The create form's body, under the 2025-04 API's field names. */
export const POST = dashboardRoute(async ({ request, db, user }) => {
  const body = await readJson(request, z.record(z.string(), z.unknown()));
  const record = await createTracking(db, user.organization, dashboardCreateInput(body));
  return Response.json(await trackingDetailWithRoute(db, record), { status: 201 });
});
