import type { Metadata } from "next";
import { AdminsOnly } from "@/components/layout/admins-only";
import { Stores } from "@/components/settings/stores";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Stores" };

export default async function StoresPage() {
  const user = await requireDashboardUser();
  if (user.role !== "admin") return <AdminsOnly what="stores" />;
  return <Stores />;
}
