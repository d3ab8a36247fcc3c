import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { requestKlaviyoSend } from "@/lib/notifications/klaviyo/klaviyo-backlogs";
import { klaviyoSettingsSchema, klaviyoView, removeKlaviyo, saveKlaviyoSettings } from "@/lib/notifications/klaviyo/klaviyo-settings";

export const GET = dashboardRoute(async ({ db, user }) => klaviyoView(db, user.organization.id), { adminOnly: true });

/** Connects Klaviyo (the key is tested with Klaviyo first) or changes its metric names and channels. */
export const PUT = dashboardRoute(
  async ({ request, db, user }) => {
    await saveKlaviyoSettings(db, user.organization.id, await readJson(request, klaviyoSettingsSchema), new Date());
    // Changes waiting (a key fixed after a refusal) go at once rather than at the next minute's sweep.
    await requestKlaviyoSend(user.organization.id);
    return klaviyoView(db, user.organization.id);
  },
  { adminOnly: true },
);

export const DELETE = dashboardRoute(
  async ({ db, user }) => {
    await removeKlaviyo(db, user.organization.id);
    return klaviyoView(db, user.organization.id);
  },
  { adminOnly: true },
);
