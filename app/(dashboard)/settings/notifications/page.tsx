import type { Metadata } from "next";
import { MessageTemplates } from "@/components/settings/message-templates";
import { NotificationOutbox } from "@/components/settings/notification-outbox";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { notificationDelivery } from "@/lib/dashboard/notification-delivery";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Notifications" };

function Channel({ name, sending, from, variable }: { name: string; sending: boolean; from: string | null; variable: string }) {
  return (
    <div className="space-y-1">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
        {name} <Badge tone={sending ? "emerald" : "sky"}>{sending ? "Sending" : "Outbox only"}</Badge>
      </p>
      <p className="text-sm text-slate-600">
        {sending ? `Sent to customers${from ? ` from ${from}` : ""}.` : `Kept in the outbox below for you to read: set ${variable} to send them.`}
      </p>
    </div>
  );
}

export default async function NotificationsPage() {
  const user = await requireDashboardUser();
  const delivery = await notificationDelivery(user.organization, new Date());
  const { quota } = delivery;
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Customers hear about their shipment by e-mail and text message when its status changes, in the tracking's language."
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="How messages leave" description="Set by the server's configuration." />
          <CardBody className="grid gap-6 sm:grid-cols-2">
            <Channel name="E-mail" sending={delivery.email === "smtp"} from={delivery.emailFrom} variable="SMTP_URL" />
            <Channel name="SMS" sending={delivery.sms === "sms-api"} from={delivery.smsFrom} variable="SMS_API_BASE_URL" />
            <p className="text-sm text-slate-600 sm:col-span-2" data-testid="message-quota">
              Today: {quota.sent.toLocaleString("en")} of {quota.limit.toLocaleString("en")} messages sent. The server&apos;s operator sets this daily limit;
              past it, messages wait as failed until the next day (UTC).
            </p>
          </CardBody>
        </Card>
        <MessageTemplates />
        <Card>
          <CardHeader title="Sent and waiting" description="Sent messages and the outbox, newest first." />
          <NotificationOutbox />
        </Card>
      </div>
    </>
  );
}
