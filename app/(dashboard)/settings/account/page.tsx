import type { Metadata } from "next";
import { AccountPanel } from "@/components/settings/account-panel";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const user = await requireDashboardUser();
  return <AccountPanel email={user.email} name={user.name} role={user.role} organizationName={user.organization.name} />;
}
