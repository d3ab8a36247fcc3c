import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { trackingPageView } from "@/lib/dashboard/tracking-page-settings";
import { proveCustomDomain } from "@/lib/trackings/page/domain-proof";

/** "Check DNS": looks for the domain's TXT record now. */
export const POST = dashboardRoute(async ({ db, user }) => ({ page: await trackingPageView(db, await proveCustomDomain(db, user.organization, new Date())) }), {
  adminOnly: true,
});
