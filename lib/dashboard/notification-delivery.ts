import { getDb } from "@/db/client";
import type { Organization } from "@/db/schema";
import { messageQuotaToday } from "@/lib/notifications/message-quota";
import { notificationTransports } from "@/lib/notifications/notification-transports";

export interface NotificationDelivery {
  /** smtp: sent through the configured server; outbox: kept for people to read in the dashboard. */
  email: "smtp" | "outbox";
  emailFrom: string | null;
  sms: "sms-api" | "outbox";
  smsFrom: string | null;
  /** Messages that left today, and the organisation's daily quota. */
  quota: { sent: number; limit: number };
}

/** How customer messages leave, as configured by the environment (no credentials or server URLs), and today's count against the quota. */
export async function notificationDelivery(organization: Organization, now: Date): Promise<NotificationDelivery> {
  const { smtp, sms } = notificationTransports();
  return {
    quota: await messageQuotaToday(await getDb(), organization, now),
    email: smtp ? "smtp" : "outbox",
    emailFrom: smtp?.from ?? null,
    sms: sms ? "sms-api" : "outbox",
    smsFrom: sms?.from || null,
  };
}
