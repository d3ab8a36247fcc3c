import { z } from "zod";
import { codec202504 } from "@/lib/api/versions/2025-04";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { trackingDetailWithRoute } from "@/lib/dashboard/tracking-view";
import { markTrackingCompleted } from "@/lib/trackings/mark-tracking-completed";

export const POST = dashboardRoute<{ id: string }>(async ({ request, db, user, params }) => {
  const input = codec202504.parseCompletion(await readJson(request, z.record(z.string(), z.unknown())));
  const change = await markTrackingCompleted(db, user.organization.id, { id: params.id }, input);
  return trackingDetailWithRoute(db, change.record);
});
