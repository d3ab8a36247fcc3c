import type { Metadata } from "next";
import { ApiKeysPanel } from "@/components/developers/api-keys-panel";
import { AdminsOnly } from "@/components/layout/admins-only";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const user = await requireDashboardUser();
  if (user.role !== "admin") return <AdminsOnly what="API keys" />;
  return <ApiKeysPanel />;
}
