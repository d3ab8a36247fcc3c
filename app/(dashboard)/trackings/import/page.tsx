import type { Metadata } from "next";
import { ImportTrackingsForm } from "@/components/trackings/import-trackings-form";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Import trackings" };

export default async function ImportTrackingsPage() {
  await requireDashboardUser();
  return <ImportTrackingsForm />;
}
