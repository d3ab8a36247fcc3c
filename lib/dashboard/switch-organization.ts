import { z } from "zod";
import type { Database } from "@/db/client";
import { listUserOrganizations } from "@/lib/accounts/get-membership";
import { NotFoundError } from "@/lib/domain-errors";
import { ORGANIZATION_COOKIE, type DashboardUser } from "./session";

export const SwitchOrganizationBody = z.object({ organizationId: z.string().min(1).max(64) });

/** The user's organisations and which one they work in now. */
export async function listOrganizationsOf(db: Database, user: DashboardUser) {
  return { current: user.organization.id, organizations: await listUserOrganizations(db, user.id) };
}

/** Makes another of the user's organisations the one the dashboard works in (a cookie naming it). */
/** `secure`: the dashboard was reached over HTTPS, so the cookie is marked for HTTPS only. */
export async function switchOrganization(db: Database, user: DashboardUser, organizationId: string, secure = false): Promise<Response> {
  const organizations = await listUserOrganizations(db, user.id);
  if (!organizations.some((organization) => organization.id === organizationId)) {
    throw new NotFoundError("membership", "You are not a member of that organisation.");
  }
  const response = Response.json({ current: organizationId, organizations }, { headers: { "cache-control": "no-store" } });
  response.headers.append(
    "set-cookie",
    `${ORGANIZATION_COOKIE}=${encodeURIComponent(organizationId)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure ? "; Secure" : ""}`,
  );
  return response;
}
