import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { trackingDetailWithRoute } from "@/lib/dashboard/tracking-view";
import { retrackTracking } from "@/lib/trackings/retrack-tracking";

export const POST = dashboardRoute<{ id: string }>(async ({ db, user, params }) => {
  const record = await retrackTracking(db, user.organization.id, { id: params.id });
  return trackingDetailWithRoute(db, record);
});
