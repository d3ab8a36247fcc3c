import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { providersOf, SaveProviderKeyBody, saveProviderKeyFrom } from "@/lib/dashboard/tracking-provider-routes";

export const GET = dashboardRoute(async ({ db, user }) => providersOf(db, user), { adminOnly: true });

/** Adds or replaces the organisation's key for a provider, after one call that tests it. */
export const POST = dashboardRoute(async ({ request, db, user }) => saveProviderKeyFrom(db, user, await readJson(request, SaveProviderKeyBody)), {
  adminOnly: true,
});
