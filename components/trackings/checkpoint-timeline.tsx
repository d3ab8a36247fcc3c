import { formatLocalTime } from "@/components/data/format";
import { EmptyState } from "@/components/ui/states";
import type { CheckpointView } from "@/lib/dashboard/types";
import { STATUSES, StatusBadge } from "./status-badge";

const DOT: Record<string, string> = {
  slate: "bg-slate-400",
  sky: "bg-sky-500",
  blue: "bg-blue-500",
  violet: "bg-violet-500",
  amber: "bg-amber-500",
  teal: "bg-teal-500",
  emerald: "bg-emerald-500",
  red: "bg-red-500",
  zinc: "bg-zinc-400",
};

function place(checkpoint: CheckpointView): string | null {
  const parts = [checkpoint.city, checkpoint.state, checkpoint.country_region_name ?? checkpoint.country_region].filter(Boolean);
  return checkpoint.location ?? (parts.length ? parts.join(", ") : null);
}

const NO_SCANS: Record<"polled" | "nobody" | "ended", string> = {
  polled: "Waybill asks the courier regularly; the first scan appears here by itself.",
  nobody: "Nobody asks the courier about this shipment yet (see above); scans appear here once someone can.",
  ended: "No scans arrived while Waybill followed this shipment.",
};

/**
 * The scans, newest first, each with the carrier's local time and place. `following` says who
 * is asked for more: the courier or a provider (`polled`), nobody yet, or nobody any more.
 */
export function CheckpointTimeline({ checkpoints, following }: { checkpoints: CheckpointView[]; following: keyof typeof NO_SCANS }) {
  if (checkpoints.length === 0) return <EmptyState title="No scans yet">{NO_SCANS[following]}</EmptyState>;
  const newestFirst = [...checkpoints].reverse();
  return (
    <ol className="relative px-4 py-4 sm:px-5">
      {newestFirst.map((checkpoint, index) => {
        const tone = STATUSES[checkpoint.tag]?.tone ?? "slate";
        const where = place(checkpoint);
        return (
          <li key={`${checkpoint.checkpoint_time}-${index}`} className="relative flex gap-4 pb-6 last:pb-0">
            {index < newestFirst.length - 1 && <span className="absolute top-4 left-[7px] h-full w-px bg-slate-200" aria-hidden="true" />}
            <span className={`relative mt-1 size-[15px] shrink-0 rounded-full ring-4 ring-white ${DOT[tone]}`} aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="font-medium text-slate-900">{checkpoint.message || checkpoint.subtag_message}</p>
                {index === 0 && <StatusBadge tag={checkpoint.tag} />}
              </div>
              <p className="mt-0.5 text-sm text-slate-600">
                <time dateTime={checkpoint.checkpoint_time}>{formatLocalTime(checkpoint.checkpoint_time)}</time>
                {where && <> · {where}</>}
              </p>
              <p className="mt-0.5 text-xs text-slate-500">
                {checkpoint.subtag_message}
                {checkpoint.source === "user" && " · marked by your team"}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
