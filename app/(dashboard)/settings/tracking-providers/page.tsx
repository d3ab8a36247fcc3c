import type { Metadata } from "next";
import { AdminsOnly } from "@/components/layout/admins-only";
import { TrackingProviders } from "@/components/settings/tracking-providers";
import { directCarrierNames } from "@/lib/carriers/descriptors";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Tracking providers" };

export default async function TrackingProvidersPage() {
  const user = await requireDashboardUser();
  if (user.role !== "admin") return <AdminsOnly what="tracking providers" />;
  return <TrackingProviders directCarriers={directCarrierNames()} />;
}
