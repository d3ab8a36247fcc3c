import { requestOrigin } from "@/lib/http/request-origin";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { listOrganizationsOf, SwitchOrganizationBody, switchOrganization } from "@/lib/dashboard/switch-organization";

export const GET = dashboardRoute(async ({ db, user }) => listOrganizationsOf(db, user));

export const POST = dashboardRoute(async ({ request, db, user }) =>
  switchOrganization(db, user, (await readJson(request, SwitchOrganizationBody)).organizationId, requestOrigin(request).startsWith("https:")),
);
