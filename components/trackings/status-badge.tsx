import { Badge, type BadgeTone } from "@/components/ui/badge";

/** Each tracking status (tag) with the words and colour a merchant reads at a glance. */
export const STATUSES: Record<string, { label: string; tone: BadgeTone }> = {
  Pending: { label: "Pending", tone: "slate" },
  InfoReceived: { label: "Info received", tone: "sky" },
  InTransit: { label: "In transit", tone: "blue" },
  OutForDelivery: { label: "Out for delivery", tone: "violet" },
  AttemptFail: { label: "Failed attempt", tone: "amber" },
  AvailableForPickup: { label: "Ready for pickup", tone: "teal" },
  Delivered: { label: "Delivered", tone: "emerald" },
  Exception: { label: "Exception", tone: "red" },
  Expired: { label: "Expired", tone: "zinc" },
};

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
