import type { Metadata } from "next";
import { ApiReference } from "@/components/developers/api-reference";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  await requireDashboardUser();
  return <ApiReference />;
}
