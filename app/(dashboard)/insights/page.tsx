import type { Metadata } from "next";
import { InsightsDashboard } from "@/components/insights/insights-dashboard";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Insights" };

export default async function InsightsPage() {
  await requireDashboardUser();
  return <InsightsDashboard />;
}
