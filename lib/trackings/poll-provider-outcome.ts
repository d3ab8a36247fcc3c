import { and, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackingProviderConnections } from "@/db/schema";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";

/**
 * Records on the organisation's provider key why the provider refused or postponed a poll (shown
 * in Settings → Tracking providers), or clears it once a call succeeds (null). Callers skip the
 * server's key, which has no row: its refusals are logged.
 */
export async function recordProviderPollOutcome(
  db: Executor,
  organizationId: string,
  provider: TrackingProvider,
  error: string | null,
  now: Date,
): Promise<void> {
  const key = and(eq(trackingProviderConnections.organizationId, organizationId), eq(trackingProviderConnections.provider, provider));
  if (error === null) {
    await db
      .update(trackingProviderConnections)
      .set({ lastError: null, lastErrorAt: null })
      .where(and(key, isNotNull(trackingProviderConnections.lastError)));
    return;
  }
  await db.update(trackingProviderConnections).set({ lastError: error, lastErrorAt: now }).where(key);
}
