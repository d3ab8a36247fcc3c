import type { Metadata } from "next";
import { TrackingDetail } from "@/components/trackings/tracking-detail";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Tracking" };

export default async function TrackingPage({ params }: { params: Promise<{ id: string }> }) {
  await requireDashboardUser();
  return <TrackingDetail id={(await params).id} />;
}
