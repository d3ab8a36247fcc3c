import type { Executor } from "@/db/client";
import { newId } from "@/lib/ids";
import { notificationTransports } from "@/lib/notifications/notification-transports";
import { prepareContactNotifications } from "@/lib/notifications/prepare-contact-notifications";
import { sendNotificationMessage } from "@/lib/notifications/send-notification-message";
import { triggerOfTag } from "@/lib/notifications/templates/default-templates";
import { getTrackingRowOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { InvalidError } from "@/lib/domain-errors";

/**
 * The queue's "contact customer": the merchant's message for the shipment's current status, to every
 * e-mail address and phone number of the tracking, now. Returns how many messages went (or wait in the outbox).
 */
export async function contactCustomer(db: Executor, organizationId: string, trackingId: string): Promise<number> {
  const tracking = await getTrackingRowOrThrow(db, organizationId, { id: trackingId });
  if (!tracking.emails.length && !tracking.smses.length)
    throw new InvalidError("tracking", "missing", "This tracking has no e-mail address or phone number to contact.");
  const transports = notificationTransports();
  const ids = await prepareContactNotifications(
    db,
    { organizationId, trackingId, sourceEventId: `contact-${newId()}`, trigger: triggerOfTag(tracking.tag) ?? "InTransit", requested: true },
    transports,
  );
  // A refused send is recorded on its message as failed, where the outbox shows it.
  for (const id of ids) await sendNotificationMessage(db, organizationId, id, transports, { finalAttempt: true }).catch(() => undefined);
  return tracking.emails.length + tracking.smses.length;
}
