import { foreignKey, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tz, updatedAt } from "./_columns";
import { trackings } from "./trackings";

export type NotificationChannel = "email" | "sms";
/** smtp and sms-api when configured; outbox when not, where the dashboard shows the message instead. */
export type NotificationTransport = "smtp" | "sms-api" | "outbox";
export type NotificationStatus = "queued" | "sent" | "outbox" | "retrying" | "failed";

/** A status-change message to one of a tracking's contacts: the outbox and the send log in one. */
export const notificationMessages = pgTable(
  "notification_messages",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    trackingId: text("tracking_id").notNull(),
    /** The `tracking/updated` event: one message per contact per status change. */
    sourceEventId: text("source_event_id").notNull(),
    channel: text("channel").$type<NotificationChannel>().notNull(),
    recipient: text("recipient").notNull(),
    language: text("language").notNull(),
    subject: text("subject"),
    /** The text part of an e-mail, or the SMS. */
    body: text("body").notNull(),
    /** The e-mail's HTML part (multipart with `body`); null for SMS and older messages. */
    html: text("html"),
    transport: text("transport").$type<NotificationTransport>().notNull(),
    status: text("status").$type<NotificationStatus>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    providerMessageId: text("provider_message_id"),
    sentAt: tz("sent_at"),
    /** The member who asked for this message (the queue's "contact customer"); null: sent on a status change. */
    requestedBy: text("requested_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Ids are time-ordered (lib/ids.ts): the key also serves the outbox, newest first.
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.trackingId],
      foreignColumns: [trackings.organizationId, trackings.id],
    }).onDelete("cascade"),
    uniqueIndex("notification_messages_once_idx").on(table.organizationId, table.sourceEventId, table.channel, table.recipient),
  ],
);

export type NotificationMessage = typeof notificationMessages.$inferSelect;
export type NewNotificationMessage = typeof notificationMessages.$inferInsert;
