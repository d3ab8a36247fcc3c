import { and, eq, inArray, ne } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type NewNotificationMessage, notificationMessages, organizations } from "@/db/schema";
import { NotFoundError } from "@/lib/domain-errors";
import { newId } from "@/lib/ids";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { rememberPageHandle, trackingPageUrl } from "@/lib/trackings/page/links";
import { composeNotification } from "./compose-notification";
import { maskingOf } from "@/lib/trackings/page/masking";
import { channelsKlaviyoSends } from "./klaviyo/klaviyo-settings";
import { type NotificationTransports, transportFor } from "./notification-transports";
import { notificationLanguage } from "./status-text";
import type { TemplateTrigger } from "./templates/default-templates";
import { enabledTriggers, loadTemplate } from "./templates/notification-templates";

export interface StatusChange {
  organizationId: string;
  trackingId: string;
  /** The event's id (`tracking/updated` or `tracking/estimate.revised`): with the channel and address, a message exists once. */
  sourceEventId: string;
  /** The status reached, or `estimate_revised`: picks the merchant's template, and whether to send at all. */
  trigger: TemplateTrigger;
  /** The member who asked for this message (the attention queue's "contact customer"): sent even for a trigger turned off. */
  requestedBy?: string;
  /** When the messages are written (default: the database's now). */
  at?: Date;
}

/**
 * Writes one message per e-mail address and phone number of the tracking, in its language, from the
 * merchant's template for the trigger (or Waybill's), linking to the tracking page. Nothing is written
 * for a trigger the merchant turned off. Messages for an unconfigured channel go straight to the
 * outbox. Idempotent per event and contact; returns the messages still to send.
 */
export async function prepareContactNotifications(db: Executor, change: StatusChange, transports: NotificationTransports): Promise<string[]> {
  const record = await getTrackingOrThrow(db, change.organizationId, { id: change.trackingId }).catch((error: unknown) => {
    // Deleted since the change: nobody left to tell.
    if (error instanceof NotFoundError) return null;
    throw error;
  });
  if (!record || (!record.tracking.emails.length && !record.tracking.smses.length)) return [];
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, change.organizationId)).limit(1);
  if (!organization || (!change.requestedBy && !enabledTriggers(organization).includes(change.trigger))) return [];
  rememberPageHandle(organization);
  const language = notificationLanguage(record.tracking.language);
  const composed = await composeNotification(record, {
    trigger: change.trigger,
    language,
    template: await loadTemplate(db, change.organizationId, change.trigger, language),
    trackingPageUrl: trackingPageUrl(change.organizationId, change.trackingId),
    masking: maskingOf(organization.trackingPage),
  });
  const message = (channel: "email" | "sms", recipient: string): NewNotificationMessage => {
    const transport = transportFor(channel, transports);
    return {
      organizationId: change.organizationId,
      id: newId(),
      trackingId: change.trackingId,
      sourceEventId: change.sourceEventId,
      channel,
      recipient,
      language: composed.language,
      subject: channel === "email" ? composed.subject : null,
      body: channel === "email" ? composed.emailText : composed.smsText,
      html: channel === "email" ? composed.emailHtml : null,
      transport,
      status: transport === "outbox" ? "outbox" : "queued",
      requestedBy: change.requestedBy ?? null,
      ...(change.at && { createdAt: change.at, updatedAt: change.at }),
    };
  };
  // Channels the merchant's Klaviyo flows send stay quiet here (a message the merchant asked for still goes).
  const quiet = change.requestedBy ? { email: false, sms: false } : await channelsKlaviyoSends(db, change.organizationId);
  const rows = [
    ...(quiet.email ? [] : record.tracking.emails.map((email) => message("email", email))),
    ...(quiet.sms ? [] : record.tracking.smses.map((phone) => message("sms", phone))),
  ];
  await db.insert(notificationMessages).values(rows).onConflictDoNothing();
  const unsent = await db
    .select({ id: notificationMessages.id })
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.organizationId, change.organizationId),
        eq(notificationMessages.sourceEventId, change.sourceEventId),
        ne(notificationMessages.transport, "outbox"),
        inArray(notificationMessages.status, ["queued", "retrying", "failed"]),
      ),
    );
  return unsent.map((row) => row.id);
}
