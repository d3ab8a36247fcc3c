import type { Metadata } from "next";
import { AttentionQueue } from "@/components/trackings/attention-queue";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Needs attention" };

export default async function AttentionPage() {
  await requireDashboardUser();
  return <AttentionQueue />;
}
