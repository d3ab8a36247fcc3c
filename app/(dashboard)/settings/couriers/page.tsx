import type { Metadata } from "next";
import { PreferredCouriersEditor } from "@/components/settings/preferred-couriers-editor";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Couriers" };

export default async function CouriersPage() {
  await requireDashboardUser();
  return <PreferredCouriersEditor />;
}
