import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";
import { webhookEndpointPatch } from "@/lib/webhooks/webhook-endpoint-input";
import { webhookEndpointView } from "@/lib/webhooks/webhook-views";

type Params = { id: string };

export const PATCH = dashboardRoute<Params>(
  async ({ request, db, user, params }) => ({
    endpoint: webhookEndpointView(await updateWebhookEndpoint(db, user.organization.id, params.id, await readJson(request, webhookEndpointPatch))),
  }),
  { adminOnly: true },
);

export const DELETE = dashboardRoute<Params>(
  async ({ db, user, params }) => {
    await deleteWebhookEndpoint(db, user.organization.id, params.id);
    return { deleted: true };
  },
  { adminOnly: true },
);
