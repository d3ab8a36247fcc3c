import type { NotificationChannel, NotificationTransport } from "@/db/schema";
import { env } from "@/lib/env";
import type { SmsSettings } from "./send-sms";
import type { SmtpSettings } from "./send-email";

export interface NotificationTransports {
  smtp: SmtpSettings | null;
  sms: SmsSettings | null;
}

/** SMTP when SMTP_URL is set, the Twilio-shaped API when SMS_API_BASE_URL is; the outbox otherwise. */
export function notificationTransports(): NotificationTransports {
  const { SMTP_URL, SMTP_FROM, SMS_API_BASE_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM } = env();
  return {
    smtp: SMTP_URL ? { url: SMTP_URL, from: SMTP_FROM } : null,
    // Missing credentials are not a reason to fall back silently: the provider's refusal is logged per message.
    sms: SMS_API_BASE_URL ? { baseUrl: SMS_API_BASE_URL, accountSid: SMS_ACCOUNT_SID ?? "", authToken: SMS_AUTH_TOKEN ?? "", from: SMS_FROM ?? "" } : null,
  };
}

export function transportFor(channel: NotificationChannel, transports: NotificationTransports): NotificationTransport {
  if (channel === "email") return transports.smtp ? "smtp" : "outbox";
  return transports.sms ? "sms-api" : "outbox";
}
