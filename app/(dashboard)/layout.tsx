import type { ReactNode } from "react";
import { QueryProvider } from "@/components/data/query-provider";
import { DashboardShell } from "@/components/layout/dashboard-shell";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";
import { shellUserOf } from "@/lib/dashboard/shell-user";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireDashboardUser();
  return (
    <QueryProvider>
      <DashboardShell user={await shellUserOf(user)}>{children}</DashboardShell>
    </QueryProvider>
  );
}
