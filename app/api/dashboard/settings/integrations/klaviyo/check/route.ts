import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { checkSavedKlaviyoKey, klaviyoView } from "@/lib/notifications/klaviyo/klaviyo-settings";

/** "Test connection": the saved key is tried with Klaviyo now, and the page shows the answer. */
export const POST = dashboardRoute(
  async ({ db, user }) => {
    await checkSavedKlaviyoKey(db, user.organization.id, new Date());
    return klaviyoView(db, user.organization.id);
  },
  { adminOnly: true },
);
