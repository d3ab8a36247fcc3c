import type { Metadata } from "next";
import { AdminsOnly } from "@/components/layout/admins-only";
import { Klaviyo } from "@/components/settings/klaviyo";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Klaviyo" };

export default async function KlaviyoPage() {
  const user = await requireDashboardUser();
  if (user.role !== "admin") return <AdminsOnly what="the Klaviyo integration" />;
  return <Klaviyo />;
}
