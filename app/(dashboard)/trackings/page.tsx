import type { Metadata } from "next";
import { Suspense } from "react";
import { TrackingList } from "@/components/trackings/tracking-list";
import { LoadingState } from "@/components/ui/states";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Trackings" };

export default async function TrackingsPage() {
  await requireDashboardUser();
  return (
    <Suspense fallback={<LoadingState />}>
      <TrackingList />
    </Suspense>
  );
}
