import type { Metadata } from "next";
import { TrackingPageSettings } from "@/components/settings/tracking-page-settings";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Tracking page" };

export default async function TrackingPageSettingsPage() {
  await requireDashboardUser();
  return <TrackingPageSettings />;
}
