import { z } from "zod";
import { dashboardCompletionInput } from "@/lib/dashboard/views/tracking-input";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { trackingDetailWithRoute } from "@/lib/dashboard/tracking-view";
import { markTrackingCompleted } from "@/lib/trackings/mark-tracking-completed";

export const POST = dashboardRoute<{ id: string }>(async ({ request, db, user, params }) => {
  const input = dashboardCompletionInput(await readJson(request, z.record(z.string(), z.unknown())));
  const change = await markTrackingCompleted(db, user.organization.id, { id: params.id }, input);
  return trackingDetailWithRoute(db, change.record);
});
