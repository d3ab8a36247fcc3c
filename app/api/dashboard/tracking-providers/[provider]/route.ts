import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { removeProviderKeyFrom } from "@/lib/dashboard/tracking-provider-routes";

export const DELETE = dashboardRoute<{ provider: string }>(async ({ db, user, params }) => removeProviderKeyFrom(db, user, params.provider), { adminOnly: true });
