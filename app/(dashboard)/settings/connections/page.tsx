import type { Metadata } from "next";
import { AdminsOnly } from "@/components/layout/admins-only";
import { CourierConnections } from "@/components/settings/courier-connections";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Courier connections" };

export default async function ConnectionsPage() {
  const user = await requireDashboardUser();
  if (user.role !== "admin") return <AdminsOnly what="courier connections" />;
  return <CourierConnections />;
}
