import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { listWebhookDeliveries, parseWebhookDeliveryQuery } from "@/lib/webhooks/list-webhook-deliveries";
import { webhookDeliveryView } from "@/lib/webhooks/webhook-views";

export const GET = dashboardRoute(
  async ({ request, db, user }) => {
    const { filter, paging } = parseWebhookDeliveryQuery(new URL(request.url).searchParams);
    const page = await listWebhookDeliveries(db, user.organization.id, filter, paging);
    return { deliveries: page.deliveries.map(webhookDeliveryView), nextCursor: page.nextCursor };
  },
  { adminOnly: true },
);
