import type { Metadata } from "next";
import { AdminsOnly } from "@/components/layout/admins-only";
import { MembersPanel } from "@/components/settings/members-panel";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const user = await requireDashboardUser();
  if (user.role !== "admin") return <AdminsOnly what="members" />;
  return <MembersPanel currentUserId={user.id} />;
}
