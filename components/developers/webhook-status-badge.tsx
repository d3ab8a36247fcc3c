import { Badge } from "@/components/ui/badge";
import type { WebhookDeliveryView } from "@/lib/webhooks/webhook-views";

const STATUS: Record<WebhookDeliveryView["status"], { label: string; tone: "amber" | "emerald" | "red" }> = {
  pending: { label: "Pending", tone: "amber" },
  delivered: { label: "Delivered", tone: "emerald" },
  failed: { label: "Failed", tone: "red" },
};

export function WebhookStatusBadge({ status }: { status: WebhookDeliveryView["status"] }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

export const TRIGGER_LABELS: Record<WebhookDeliveryView["trigger"], string> = {
  event: "Update",
  test: "Test",
  redelivery: "Redelivery",
};
