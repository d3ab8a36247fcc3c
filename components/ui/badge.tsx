import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "slate" | "sky" | "blue" | "violet" | "amber" | "emerald" | "teal" | "red" | "zinc" | "indigo";

const tones: Record<BadgeTone, string> = {
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
  sky: "bg-sky-50 text-sky-800 ring-sky-600/20",
  blue: "bg-blue-50 text-blue-800 ring-blue-600/20",
  violet: "bg-violet-50 text-violet-800 ring-violet-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/30",
  emerald: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  teal: "bg-teal-50 text-teal-800 ring-teal-600/20",
  red: "bg-red-50 text-red-800 ring-red-600/20",
  zinc: "bg-zinc-100 text-zinc-600 ring-zinc-500/20",
  indigo: "bg-indigo-50 text-indigo-800 ring-indigo-600/20",
};

export function Badge({ tone = "slate", children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", tones[tone], className)}
    >
      {children}
    </span>
  );
}
