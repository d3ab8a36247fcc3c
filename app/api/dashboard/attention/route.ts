import { attentionQueueView } from "@/lib/dashboard/attention-queue";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";

export const GET = dashboardRoute(async ({ db, user }) => ({ entries: await attentionQueueView(db, user.organization.id, new Date()) }));
