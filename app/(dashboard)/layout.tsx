import type { ReactNode } from "react";
import { QueryProvider } from "@/components/data/query-provider";
import { DashboardShell } from "@/components/layout/dashboard-shell";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireDashboardUser();
  return (
    <QueryProvider>
      <DashboardShell user={{ email: user.email, name: user.name, role: user.role, organizationName: user.organization.name }}>{children}</DashboardShell>
    </QueryProvider>
  );
}
