import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type NotificationMessage, notificationMessages } from "@/db/schema";
import type { NotificationTransports } from "./notification-transports";
import { sendEmail } from "./send-email";
import { sendSms } from "./send-sms";
import { metrics } from "@/lib/observability/metrics";
import { takeMessageQuota } from "./message-quota";

export const QUOTA_REACHED = "Not sent: the organisation's daily message quota is used up (the operator sets it with org limits).";

async function deliver(message: NotificationMessage, transports: NotificationTransports): Promise<string> {
  if (message.transport === "smtp" && transports.smtp) {
    return sendEmail(
      {
        to: message.recipient,
        subject: message.subject ?? "",
        text: message.body,
        html: message.html,
        language: message.language,
        messageId: `<${message.id}@waybill.notifications>`,
      },
      transports.smtp,
    );
  }
  if (message.transport === "sms-api" && transports.sms) return sendSms({ to: message.recipient, body: message.body }, transports.sms);
  throw new Error(`The ${message.transport} transport is no longer configured`);
}

/**
 * Sends one prepared message and records the outcome on it. A message already sent (or put in the
 * outbox) is not sent again, nor one past the organisation's daily quota. On failure the error is recorded and rethrown, so the engine retries;
 * `finalAttempt` marks it failed rather than retrying.
 */
export async function sendNotificationMessage(
  db: Executor,
  organizationId: string,
  messageId: string,
  transports: NotificationTransports,
  options: { finalAttempt: boolean },
): Promise<NotificationMessage["status"] | "gone"> {
  const where = and(eq(notificationMessages.organizationId, organizationId), eq(notificationMessages.id, messageId));
  const [message] = await db.select().from(notificationMessages).where(where);
  // Its tracking was deleted meanwhile.
  if (!message) return "gone";
  if (message.status === "sent" || message.status === "outbox") return message.status;
  // Counted once, at the first attempt (or the first after the quota stopped it); past the quota the message is kept, failed, with the reason.
  if ((message.attempts === 0 || message.error === QUOTA_REACHED) && !(await takeMessageQuota(db, organizationId, new Date()))) {
    await db.update(notificationMessages).set({ status: "failed", error: QUOTA_REACHED, attempts: 1, updatedAt: new Date() }).where(where);
    metrics().notifications.inc({ channel: message.channel, outcome: "failed" });
    return "failed";
  }
  try {
    const providerMessageId = await deliver(message, transports);
    const now = new Date();
    await db
      .update(notificationMessages)
      .set({ status: "sent", providerMessageId, sentAt: now, error: null, attempts: sql`${notificationMessages.attempts} + 1`, updatedAt: now })
      .where(where);
    metrics().notifications.inc({ channel: message.channel, outcome: "sent" });
    return "sent";
  } catch (error) {
    await db
      .update(notificationMessages)
      .set({
        status: options.finalAttempt ? "failed" : "retrying",
        error: error instanceof Error ? error.message : String(error),
        attempts: sql`${notificationMessages.attempts} + 1`,
        updatedAt: new Date(),
      })
      .where(where);
    metrics().notifications.inc({ channel: message.channel, outcome: options.finalAttempt ? "failed" : "retrying" });
    throw error;
  }
}
