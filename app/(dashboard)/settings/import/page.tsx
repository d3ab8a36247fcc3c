import type { Metadata } from "next";
import { AdminsOnly } from "@/components/layout/admins-only";
import { AfterShipImport } from "@/components/settings/aftership-import";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Import from AfterShip" };

export default async function ImportPage() {
  const user = await requireDashboardUser();
  if (user.role !== "admin") return <AdminsOnly what="imports" />;
  return <AfterShipImport />;
}
