import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { redeliverWebhook } from "@/lib/webhooks/redeliver-webhook";
import { webhookDeliveryView } from "@/lib/webhooks/webhook-views";

/** A new delivery of the same bytes, on the full schedule; its progress shows under its own id. */
export const POST = dashboardRoute<{ id: string }>(
  async ({ db, user, params }) =>
    Response.json({ delivery: webhookDeliveryView(await redeliverWebhook(db, user.organization.id, params.id)) }, { status: 201 }),
  { adminOnly: true },
);
