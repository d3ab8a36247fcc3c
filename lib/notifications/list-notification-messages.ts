import { and, desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { type NotificationChannel, type NotificationMessage, notificationMessages, type NotificationStatus } from "@/db/schema";
import { InvalidError } from "@/lib/domain-errors";

export interface NotificationMessageFilter {
  status?: NotificationStatus;
  channel?: NotificationChannel;
  trackingId?: string;
}

export interface NotificationMessagePage {
  messages: NotificationMessage[];
  /** Pass back as `cursor` for the next (older) page; null on the last one. */
  nextCursor: string | null;
}

const listQuery = z.object({
  status: z.enum(["queued", "sent", "outbox", "retrying", "failed"] satisfies NotificationStatus[]).optional(),
  channel: z.enum(["email", "sms"] satisfies NotificationChannel[]).optional(),
  trackingId: z.string().min(1).optional(),
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** The dashboard's query string: status, channel, trackingId, cursor, limit (25, at most 100). */
export function parseNotificationMessageQuery(query: URLSearchParams): { filter: NotificationMessageFilter; paging: { cursor?: string; limit: number } } {
  const parsed = listQuery.safeParse(Object.fromEntries(query));
  if (!parsed.success)
    throw new InvalidError(parsed.error.issues[0]!.path.join("."), "invalid", `${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message}`);
  const { cursor, limit, ...filter } = parsed.data;
  return { filter, paging: { cursor, limit } };
}

/** The outbox and send log, newest first; ids are time-ordered, so the last id is the cursor. */
export async function listNotificationMessages(
  db: Executor,
  organizationId: string,
  filter: NotificationMessageFilter,
  paging: { cursor?: string; limit: number },
): Promise<NotificationMessagePage> {
  const rows = await db
    .select()
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.organizationId, organizationId),
        filter.status ? eq(notificationMessages.status, filter.status) : undefined,
        filter.channel ? eq(notificationMessages.channel, filter.channel) : undefined,
        filter.trackingId ? eq(notificationMessages.trackingId, filter.trackingId) : undefined,
        paging.cursor ? lt(notificationMessages.id, paging.cursor) : undefined,
      ),
    )
    .orderBy(desc(notificationMessages.id))
    .limit(paging.limit + 1);
  const messages = rows.slice(0, paging.limit);
  return { messages, nextCursor: rows.length > paging.limit ? messages[messages.length - 1]!.id : null };
}
