import { z } from "zod";
import { dashboardUpdateInput } from "@/lib/dashboard/views/tracking-input";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { trackingDetailWithRoute } from "@/lib/dashboard/tracking-view";
import { deleteTracking } from "@/lib/trackings/delete-tracking";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { updateTracking } from "@/lib/trackings/update-tracking";

type Params = { id: string };

export const GET = dashboardRoute<Params>(async ({ db, user, params }) =>
  trackingDetailWithRoute(db, await getTrackingOrThrow(db, user.organization.id, { id: params.id })),
);

/** Edits and courier corrections. */
export const PATCH = dashboardRoute<Params>(async ({ request, db, user, params }) => {
  const input = dashboardUpdateInput(await readJson(request, z.record(z.string(), z.unknown())));
  const { record } = await updateTracking(db, user.organization, { id: params.id }, input);
  return trackingDetailWithRoute(db, record);
});

export const DELETE = dashboardRoute<Params>(async ({ db, user, params }) => {
  await deleteTracking(db, user.organization.id, { id: params.id });
  return { deleted: true };
});
