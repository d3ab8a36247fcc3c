import { z } from "zod";
import { codec202504 } from "@/lib/api/versions/2025-04";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { listDashboardTrackings } from "@/lib/dashboard/list-dashboard-trackings";
import { trackingDetailWithRoute } from "@/lib/dashboard/tracking-view";
import { createTracking } from "@/lib/trackings/create-tracking";

export const GET = dashboardRoute(async ({ request, db, user }) => listDashboardTrackings(db, user.organization.id, new URL(request.url).searchParams));

/** The body is the 2025-04 create body, so the form and the API accept the same fields. */
export const POST = dashboardRoute(async ({ request, db, user }) => {
  const body = await readJson(request, z.record(z.string(), z.unknown()));
  const record = await createTracking(db, user.organization, codec202504.parseCreate(body));
  return Response.json(await trackingDetailWithRoute(db, record), { status: 201 });
});
