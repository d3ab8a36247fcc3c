import { renderWebhookTracking } from "@/lib/api/versions";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";

/** Sends one signed sample webhook now and answers with what the receiver said. */
export const POST = dashboardRoute<{ id: string }>(
  async ({ db, user, params }) => sendTestWebhook(db, user.organization.id, params.id, renderWebhookTracking),
  {
    adminOnly: true,
  },
);
