import type { ReactNode } from "react";
import { WaybillMark } from "@/components/layout/nav-icons";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="mb-6 flex items-center gap-2.5">
        <WaybillMark />
        <span className="text-xl font-semibold text-slate-900">Waybill</span>
      </div>
      <div className="w-full max-w-sm">{children}</div>
    </main>
  );
}
