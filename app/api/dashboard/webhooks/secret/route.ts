import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { getWebhookSecret } from "@/lib/webhooks/get-webhook-secret";
import { webhookSecretView } from "@/lib/webhooks/webhook-views";

export const GET = dashboardRoute(async ({ db, user }) => ({ secret: webhookSecretView(await getWebhookSecret(db, user.organization.id)) }), {
  adminOnly: true,
});
