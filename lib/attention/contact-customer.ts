import { and, eq, gt, isNotNull, isNull, like } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { attentionFlags, notificationMessages, organizations } from "@/db/schema";
import { InvalidError, LimitReachedError, NotAllowedError } from "@/lib/domain-errors";
import { messageQuotaToday } from "@/lib/notifications/message-quota";
import { notificationTransports } from "@/lib/notifications/notification-transports";
import { prepareContactNotifications } from "@/lib/notifications/prepare-contact-notifications";
import { sendNotificationMessage } from "@/lib/notifications/send-notification-message";
import { triggerOfTag } from "@/lib/notifications/templates/default-templates";
import { getTrackingRowOrThrow } from "@/lib/trackings/get-tracking-or-throw";

/** A customer hears the same message about the same shipment at most once in this long. */
export const CONTACT_WINDOW_MS = 24 * 3_600_000;

async function isInQueue(db: Executor, organizationId: string, trackingId: string): Promise<boolean> {
  const [open] = await db
    .select({ reason: attentionFlags.reason })
    .from(attentionFlags)
    .where(and(eq(attentionFlags.organizationId, organizationId), eq(attentionFlags.trackingId, trackingId), isNull(attentionFlags.resolvedAt)))
    .limit(1);
  return Boolean(open);
}

async function lastContact(db: Executor, organizationId: string, trackingId: string, trigger: string, since: Date): Promise<Date | null> {
  const [last] = await db
    .select({ createdAt: notificationMessages.createdAt })
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.organizationId, organizationId),
        eq(notificationMessages.trackingId, trackingId),
        isNotNull(notificationMessages.requestedBy),
        like(notificationMessages.sourceEventId, `contact-${trigger}-%`),
        gt(notificationMessages.createdAt, since),
      ),
    )
    .limit(1);
  return last?.createdAt ?? null;
}

/**
 * The queue's "contact customer": the merchant's message for the shipment's current status, to every
 * e-mail address and phone number of the tracking, now, recorded with the member who asked. Only
 * for a shipment in the needs-attention queue, once per status in `CONTACT_WINDOW_MS`, and within the
 * organisation's daily message quota. Returns how many messages went (or wait in the outbox).
 */
export async function contactCustomer(db: Executor, organizationId: string, trackingId: string, requestedBy: string, now = new Date()): Promise<number> {
  const tracking = await getTrackingRowOrThrow(db, organizationId, { id: trackingId });
  if (!(await isInQueue(db, organizationId, trackingId)))
    throw new NotAllowedError("contact", "Only a shipment in the needs-attention queue can be contacted from here.");
  if (!tracking.emails.length && !tracking.smses.length)
    throw new InvalidError("tracking", "missing", "This tracking has no e-mail address or phone number to contact.");
  const trigger = triggerOfTag(tracking.tag) ?? "InTransit";
  const last = await lastContact(db, organizationId, trackingId, trigger, new Date(now.getTime() - CONTACT_WINDOW_MS));
  if (last)
    throw new LimitReachedError(
      "contact",
      `This customer was sent this shipment's current message at ${last.toISOString()}; it can be sent again after ${new Date(last.getTime() + CONTACT_WINDOW_MS).toISOString()}.`,
      true,
    );
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  const recipients = tracking.emails.length + tracking.smses.length;
  const quota = await messageQuotaToday(db, organization!, now);
  if (quota.sent + recipients > quota.limit)
    throw new LimitReachedError(
      "message-quota",
      `Today's message quota is used up (${quota.sent} of ${quota.limit} sent); it starts again at midnight UTC.`,
      true,
    );
  const transports = notificationTransports();
  // One id per tracking, status and day: two clicks at once still write each message once.
  const sourceEventId = `contact-${trigger}-${trackingId}-${now.toISOString().slice(0, 10)}`;
  const ids = await prepareContactNotifications(db, { organizationId, trackingId, sourceEventId, trigger, requestedBy, at: now }, transports);
  // A refused send is recorded on its message as failed, where the outbox shows it.
  for (const id of ids) await sendNotificationMessage(db, organizationId, id, transports, { finalAttempt: true }).catch(() => undefined);
  return recipients;
}
