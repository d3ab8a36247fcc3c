import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { getWebhookDeliveryOrThrow } from "@/lib/webhooks/get-webhook-delivery-or-throw";
import { listWebhookAttempts } from "@/lib/webhooks/list-webhook-attempts";
import { webhookAttemptView, webhookDeliveryView, type WebhookDeliveryDetailView } from "@/lib/webhooks/webhook-views";

export const GET = dashboardRoute<{ id: string }>(
  async ({ db, user, params }): Promise<{ delivery: WebhookDeliveryDetailView }> => {
    const delivery = await getWebhookDeliveryOrThrow(db, user.organization.id, params.id);
    const attempts = await listWebhookAttempts(db, user.organization.id, delivery.id);
    return { delivery: { ...webhookDeliveryView(delivery), body: delivery.body, attempts: attempts.map(webhookAttemptView) } };
  },
  { adminOnly: true },
);
