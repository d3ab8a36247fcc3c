import type { Metadata } from "next";
import { CreateTrackingForm } from "@/components/trackings/create-tracking-form";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "New tracking" };

export default async function NewTrackingPage() {
  await requireDashboardUser();
  return <CreateTrackingForm />;
}
