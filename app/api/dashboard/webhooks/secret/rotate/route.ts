import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { webhookSecretView } from "@/lib/webhooks/webhook-views";

/** A new secret at once; the old one keeps signing beside it for 24 hours. */
export const POST = dashboardRoute(async ({ db, user }) => ({ secret: webhookSecretView(await rotateWebhookSecret(db, user.organization.id)) }), {
  adminOnly: true,
});
