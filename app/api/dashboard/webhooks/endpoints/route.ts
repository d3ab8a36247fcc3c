import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";
import { webhookEndpointInput } from "@/lib/webhooks/webhook-endpoint-input";
import { webhookEndpointView } from "@/lib/webhooks/webhook-views";

export const GET = dashboardRoute(async ({ db, user }) => ({ endpoints: (await listWebhookEndpoints(db, user.organization.id)).map(webhookEndpointView) }), {
  adminOnly: true,
});

export const POST = dashboardRoute(
  async ({ request, db, user }) => {
    const endpoint = await createWebhookEndpoint(db, user.organization.id, await readJson(request, webhookEndpointInput));
    return Response.json({ endpoint: webhookEndpointView(endpoint) }, { status: 201 });
  },
  { adminOnly: true },
);
