import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { messageQuotaDays, type Organization, organizations } from "@/db/schema";
import { env } from "@/lib/env";

/** The messages an organisation may send a day: the operator's number for it, else the server's. */
export const messagesPerDay = (organization: Pick<Organization, "messagesPerDay">) => organization.messagesPerDay ?? env().MESSAGES_PER_DAY;

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts one message against today's quota, atomically across instances; false (and nothing
 * counted) when the quota is used up. Every message that leaves passes here once.
 */
export async function takeMessageQuota(db: Executor, organizationId: string, now: Date): Promise<boolean> {
  const [organization] = await db.select({ messagesPerDay: organizations.messagesPerDay }).from(organizations).where(eq(organizations.id, organizationId));
  const limit = messagesPerDay(organization ?? { messagesPerDay: null });
  if (limit <= 0) return false;
  const counted = await db
    .insert(messageQuotaDays)
    .values({ organizationId, day: dayOf(now), sent: 1 })
    .onConflictDoUpdate({
      target: [messageQuotaDays.organizationId, messageQuotaDays.day],
      set: { sent: sql`${messageQuotaDays.sent} + 1` },
      setWhere: sql`${messageQuotaDays.sent} < ${limit}`,
    })
    .returning({ sent: messageQuotaDays.sent });
  return counted.length > 0;
}

/** Today's count and the quota, for Settings → Notifications and "contact customer". */
export async function messageQuotaToday(db: Executor, organization: Pick<Organization, "id" | "messagesPerDay">, now: Date) {
  const [row] = await db
    .select({ sent: messageQuotaDays.sent })
    .from(messageQuotaDays)
    .where(and(eq(messageQuotaDays.organizationId, organization.id), eq(messageQuotaDays.day, dayOf(now))));
  return { sent: row?.sent ?? 0, limit: messagesPerDay(organization) };
}
