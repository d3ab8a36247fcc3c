import { actOnAttention, attentionAction } from "@/lib/dashboard/attention-queue";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";

export const POST = dashboardRoute<{ trackingId: string }>(async ({ request, db, user, params }) => {
  await actOnAttention(db, { organizationId: user.organization.id, userId: user.id }, params.trackingId, new Date(), await readJson(request, attentionAction));
  return { done: true };
});
