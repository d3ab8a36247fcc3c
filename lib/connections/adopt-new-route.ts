import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackings } from "@/db/schema";
import { adapterForSlug, canPollDirectly } from "@/lib/carriers/registry";

/**
 * After a courier connection is added: the organisation's active trackings of that courier that
 * nobody could follow (no connection, and no server credentials for it) take the connection and
 * are polled at the dispatcher's next minute.
 */
export async function adoptNewConnection(db: Executor, organizationId: string, slug: string, connectionId: string, now: Date): Promise<void> {
  // With server credentials those trackings are already polled; without an adapter a connection does not help.
  if (!adapterForSlug(slug) || canPollDirectly(slug, false)) return;
  await db
    .update(trackings)
    .set({ courierConnectionId: connectionId, nextPollAt: now })
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.slug, slug), sql`${trackings.active}`, isNull(trackings.courierConnectionId)));
}

/**
 * After a tracking-provider key is added: the organisation's trackings nobody has followed yet
 * (Pending, never asked of anyone) are polled at the dispatcher's next minute instead of up to six
 * hours later, so those the provider follows are registered at once.
 */
export async function pollNotYetFollowed(db: Executor, organizationId: string, now: Date): Promise<void> {
  await db
    .update(trackings)
    .set({ nextPollAt: now })
    .where(and(eq(trackings.organizationId, organizationId), sql`${trackings.active}`, eq(trackings.tag, "Pending"), eq(trackings.trackedCount, 0)));
}
