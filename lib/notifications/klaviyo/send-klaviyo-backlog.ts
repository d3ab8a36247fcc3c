import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { klaviyoIntegrations, type KlaviyoIntegration } from "@/db/schema";
import { openCredentials } from "@/lib/connections/credentials-cipher";
import { readChanges } from "@/lib/trackings/changes/read-changes";
import { sendKlaviyoEvent } from "./klaviyo-client";
import { klaviyoEventOf } from "./klaviyo-event-of";
import { metricKindOf } from "./klaviyo-metrics";

const LEASE_MS = 60_000;
const PAGE = 100;
const MAX_BACKOFF_MS = 3_600_000;

export const klaviyoKeyContext = (organizationId: string) => `klaviyo:${organizationId}`;

export type BacklogResult =
  | { outcome: "done"; sent: number }
  /** Klaviyo asked to wait (429): nothing was dropped, the rest waits until `until`. */
  | { outcome: "paused"; sent: number; until: Date }
  /** Not connected, the key refused, or another sender holds the lease. */
  | { outcome: "idle"; sent: number };

/** One sender at a time per organisation, across instances: the lease, taken only when nothing says to wait. */
async function claim(db: Database, organizationId: string, now: Date): Promise<KlaviyoIntegration | undefined> {
  const [row] = await db
    .update(klaviyoIntegrations)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(klaviyoIntegrations.organizationId, organizationId),
        sql`${klaviyoIntegrations.status} <> 'key_refused'`,
        or(isNull(klaviyoIntegrations.leaseUntil), lt(klaviyoIntegrations.leaseUntil, now)),
        or(isNull(klaviyoIntegrations.pausedUntil), lt(klaviyoIntegrations.pausedUntil, now)),
      ),
    )
    .returning();
  return row;
}

const update = (db: Database, organizationId: string, set: Partial<KlaviyoIntegration>) =>
  db.update(klaviyoIntegrations).set(set).where(eq(klaviyoIntegrations.organizationId, organizationId));

/**
 * Sends the organisation's changes to Klaviyo in order from its cursor, one event per change that
 * is a chosen metric of a tracking with a customer e-mail. The cursor moves past each change once
 * Klaviyo accepted it (or it was not for Klaviyo), so a change is never skipped; a resend after a
 * crash carries the same unique id, which Klaviyo keeps once. A 429 pauses for its Retry-After; a
 * refused key stops until the merchant saves a new one; other failures back off, doubling.
 */
export async function sendKlaviyoBacklog(db: Database, organizationId: string, now: () => Date): Promise<BacklogResult> {
  const integration = await claim(db, organizationId, now());
  if (!integration) return { outcome: "idle", sent: 0 };
  const key = openCredentials(integration.keyCiphertext, klaviyoKeyContext(organizationId)).key as string;
  let cursor = integration.cursor;
  let sent = 0;
  try {
    for (;;) {
      const page = await readChanges(db, organizationId, { after: cursor, limit: PAGE });
      for (const change of page.changes) {
        const kind = metricKindOf(change);
        const metric = kind ? integration.metricNames[kind]?.trim() : undefined;
        const event = metric ? klaviyoEventOf(change, metric) : null;
        if (event) {
          const outcome = await sendKlaviyoEvent(key, event);
          if (outcome.kind === "rate_limited") {
            const until = new Date(now().getTime() + outcome.retryAfterSeconds * 1000);
            await update(db, organizationId, { cursor, pausedUntil: until, sentCount: integration.sentCount + sent });
            return { outcome: "paused", sent, until };
          }
          if (outcome.kind === "key_refused") {
            await update(db, organizationId, { cursor, status: "key_refused", lastError: outcome.message, sentCount: integration.sentCount + sent });
            return { outcome: "idle", sent };
          }
          if (outcome.kind === "failed") {
            const failures = integration.failures + 1;
            const wait = Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** (failures - 1));
            await update(db, organizationId, {
              cursor,
              status: "failing",
              lastError: outcome.message,
              failures,
              pausedUntil: new Date(now().getTime() + wait),
              sentCount: integration.sentCount + sent,
            });
            return { outcome: "paused", sent, until: new Date(now().getTime() + wait) };
          }
          sent++;
          cursor = change.position;
          // Kept after every accepted event: a crash resends at most the one in flight (and Klaviyo keeps it once).
          await update(db, organizationId, {
            cursor,
            sentCount: integration.sentCount + sent,
            lastSentAt: now(),
            status: "connected",
            failures: 0,
            lastError: null,
          });
        } else {
          cursor = change.position;
        }
      }
      await update(db, organizationId, { cursor });
      if (!page.hasMore) return { outcome: "done", sent };
    }
  } finally {
    await update(db, organizationId, { leaseUntil: null });
  }
}
