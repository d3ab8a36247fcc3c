import type { Metadata } from "next";
import { WebhooksPanel } from "@/components/developers/webhooks-panel";
import { AdminsOnly } from "@/components/layout/admins-only";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requireDashboardUser();
  if (user.role !== "admin") return <AdminsOnly what="webhooks" />;
  return <WebhooksPanel />;
}
