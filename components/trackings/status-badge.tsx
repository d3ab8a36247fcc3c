import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { Tag } from "@/lib/tags";

interface Status {
  label: string;
  tone: BadgeTone;
  /** The status's colour in charts, of the badge's hue. */
  chart: string;
}

/** Each tracking status (tag) with the words and colour a merchant reads at a glance, in the order the dashboard shows them. */
const BY_TAG = {
  Pending: { label: "Pending", tone: "slate", chart: "#94a3b8" },
  InfoReceived: { label: "Info received", tone: "sky", chart: "#38bdf8" },
  InTransit: { label: "In transit", tone: "blue", chart: "#3b82f6" },
  OutForDelivery: { label: "Out for delivery", tone: "violet", chart: "#8b5cf6" },
  AttemptFail: { label: "Failed attempt", tone: "amber", chart: "#f59e0b" },
  AvailableForPickup: { label: "Ready for pickup", tone: "teal", chart: "#14b8a6" },
  Delivered: { label: "Delivered", tone: "emerald", chart: "#10b981" },
  Exception: { label: "Exception", tone: "red", chart: "#ef4444" },
  Expired: { label: "Expired", tone: "zinc", chart: "#71717a" },
} satisfies Record<Tag, Status>;

export const STATUSES: Record<string, Status> = BY_TAG;

/** The statuses in the dashboard's order. */
export const SHOWN_TAGS = Object.keys(BY_TAG) as Tag[];

function statusLabel(tag: string): string {
  return STATUSES[tag]?.label ?? tag;
}

/** The carrier's finer status, unless it only repeats the badge ("Pending", "Info Received"). */
export function statusDetail(tag: string, subtagMessage: string): string | null {
  return subtagMessage.toLowerCase() === statusLabel(tag).toLowerCase() || subtagMessage.toLowerCase() === tag.toLowerCase() ? null : subtagMessage;
}

export function StatusBadge({ tag }: { tag: string }) {
  const status = STATUSES[tag] ?? { label: tag, tone: "slate" as const };
  return (
    <Badge tone={status.tone}>
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      {status.label}
    </Badge>
  );
}
