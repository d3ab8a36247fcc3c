import { getDb } from "@/db/client";
import { listUserOrganizations } from "@/lib/accounts/get-membership";
import type { DashboardUser } from "./session";

/** What the dashboard's frame shows of the signed-in user: who, their role, and their organisations. */
export async function shellUserOf(user: DashboardUser) {
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    organizationName: user.organization.name,
    organizationId: user.organization.id,
    organizations: await listUserOrganizations(await getDb(), user.id),
  };
}
