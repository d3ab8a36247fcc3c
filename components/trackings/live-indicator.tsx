"use client";

/** Statuses move while the background runner polls carriers: pages look again this often. */
export const LIVE_REFRESH_MS = 5_000;

/** A quiet sign that the page refreshes by itself, with the time of the last refresh. */
export function LiveIndicator({ updatedAt }: { updatedAt: number }) {
  if (!updatedAt) return null;
  const time = new Date(updatedAt).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-500">
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
      </span>
      Live · updated {time}
    </span>
  );
}
