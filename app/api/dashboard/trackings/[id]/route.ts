import { z } from "zod";
import { codec202504 } from "@/lib/api/versions/2025-04";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { trackingDetailWithRoute } from "@/lib/dashboard/tracking-view";
import { deleteTracking } from "@/lib/trackings/delete-tracking";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { updateTracking } from "@/lib/trackings/update-tracking";

type Params = { id: string };

export const GET = dashboardRoute<Params>(async ({ db, user, params }) =>
  trackingDetailWithRoute(db, await getTrackingOrThrow(db, user.organization.id, { id: params.id })),
);

/** Edits and courier corrections, with the 2025-04 update body. */
export const PATCH = dashboardRoute<Params>(async ({ request, db, user, params }) => {
  const input = codec202504.parseUpdate(await readJson(request, z.record(z.string(), z.unknown())));
  const { record } = await updateTracking(db, user.organization, { id: params.id }, input);
  return trackingDetailWithRoute(db, record);
});

export const DELETE = dashboardRoute<Params>(async ({ db, user, params }) => {
  await deleteTracking(db, user.organization.id, { id: params.id });
  return { deleted: true };
});
