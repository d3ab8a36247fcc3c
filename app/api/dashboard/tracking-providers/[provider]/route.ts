import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { removeProviderKeyFrom, retestProviderKeyFrom } from "@/lib/dashboard/tracking-provider-routes";

/** Tests the stored key again: the quota now, or why the provider refuses it. */
export const POST = dashboardRoute<{ provider: string }>(async ({ db, user, params }) => retestProviderKeyFrom(db, user, params.provider), { adminOnly: true });

export const DELETE = dashboardRoute<{ provider: string }>(async ({ db, user, params }) => removeProviderKeyFrom(db, user, params.provider), {
  adminOnly: true,
});
