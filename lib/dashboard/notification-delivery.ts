import { notificationTransports } from "@/lib/notifications/notification-transports";

export interface NotificationDelivery {
  /** smtp: sent through the configured server; outbox: kept for people to read in the dashboard. */
  email: "smtp" | "outbox";
  emailFrom: string | null;
  sms: "sms-api" | "outbox";
  smsFrom: string | null;
}

/** How customer messages leave, as configured by the environment; no credentials or server URLs. */
export function notificationDelivery(): NotificationDelivery {
  const { smtp, sms } = notificationTransports();
  return {
    email: smtp ? "smtp" : "outbox",
    emailFrom: smtp?.from ?? null,
    sms: sms ? "sms-api" : "outbox",
    smsFrom: sms?.from || null,
  };
}
