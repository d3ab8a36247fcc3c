import type { NotificationMessage } from "@/db/schema";

/** A message as the dashboard's outbox shows it. */
export interface NotificationMessageView {
  id: string;
  trackingId: string;
  channel: NotificationMessage["channel"];
  recipient: string;
  language: string;
  subject: string | null;
  body: string;
  transport: NotificationMessage["transport"];
  status: NotificationMessage["status"];
  attempts: number;
  error: string | null;
  sentAt: string | null;
  createdAt: string;
  /** The member who asked for it (the queue's "contact customer"); null for status messages. */
  requestedBy: string | null;
}

export function notificationMessageView(message: NotificationMessage, requesters: ReadonlyMap<string, string>): NotificationMessageView {
  const { id, trackingId, channel, recipient, language, subject, body, transport, status, attempts, error } = message;
  return {
    id,
    trackingId,
    channel,
    recipient,
    language,
    subject,
    body,
    transport,
    status,
    attempts,
    error,
    sentAt: message.sentAt ? message.sentAt.toISOString() : null,
    createdAt: message.createdAt.toISOString(),
    requestedBy: message.requestedBy ? (requesters.get(message.requestedBy) ?? "a former member") : null,
  };
}
