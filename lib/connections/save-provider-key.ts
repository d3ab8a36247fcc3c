import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackingProviderConnections } from "@/db/schema";
import { DomainError, InvalidError, NotAllowedError, NotFoundError } from "@/lib/domain-errors";
import { providerAdapter } from "@/lib/carriers/registry";
import { CarrierError, type ProviderQuota } from "@/lib/carriers/types";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { pollNotYetFollowed } from "@/lib/connections/adopt-new-route";
import { openCredentials, sealCredentials, type Credentials } from "./credentials-cipher";
import { providerCredentialsContext } from "./provider-credentials";
import { metrics } from "@/lib/observability/metrics";

export const PROVIDER_LABELS: Record<TrackingProvider, string> = { track17: "17TRACK", ship24: "Ship24" };

/** Asks the provider for the key's quota: a refused key or an unreachable provider is a clear 400, never stored. */
export async function testProviderKey(provider: TrackingProvider, credentials: Credentials): Promise<ProviderQuota> {
  const adapter = providerAdapter(provider);
  if (!adapter) throw new NotAllowedError("use-provider", `${PROVIDER_LABELS[provider]} is not available on this server yet.`);
  try {
    const quota = await adapter.provider.quota(credentials);
    if (quota.remaining !== null) metrics().providerQuota.set({ provider, key: "organization" }, quota.remaining);
    return quota;
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    if (error.kind === "auth") throw new InvalidError("api_key", "invalid", `${PROVIDER_LABELS[provider]} refused the key: check it and try again.`);
    throw new InvalidError("api_key", "invalid", `${PROVIDER_LABELS[provider]} could not be asked about the key (${error.message}); try again in a moment.`);
  }
}

/**
 * An organisation's provider key, tested with one call and stored sealed with the quota it has;
 * its trackings nobody has followed yet are polled at the next minute, through the new key.
 */
export async function saveProviderKey(
  db: Executor,
  organizationId: string,
  provider: TrackingProvider,
  credentials: Credentials,
  now = new Date(),
): Promise<ProviderQuota> {
  const quota = await testProviderKey(provider, credentials);
  const values = {
    credentialsCiphertext: sealCredentials(credentials, providerCredentialsContext(organizationId, provider)),
    quota,
    quotaCheckedAt: now,
    lastError: null,
    lastErrorAt: null,
    updatedAt: now,
  };
  await db
    .insert(trackingProviderConnections)
    .values({ organizationId, provider, ...values })
    .onConflictDoUpdate({ target: [trackingProviderConnections.organizationId, trackingProviderConnections.provider], set: values });
  await pollNotYetFollowed(db, organizationId, now);
  return quota;
}

/** Asks the provider again about the stored key: its quota now, or why it is refused (kept as the last error). */
export async function retestProviderKey(db: Executor, organizationId: string, provider: TrackingProvider, now = new Date()): Promise<void> {
  const where = and(eq(trackingProviderConnections.organizationId, organizationId), eq(trackingProviderConnections.provider, provider));
  const [row] = await db.select().from(trackingProviderConnections).where(where).limit(1);
  if (!row) throw new NotFoundError("tracking-provider-key", `Your organisation has no ${PROVIDER_LABELS[provider]} key.`);
  try {
    const quota = await testProviderKey(provider, openCredentials(row.credentialsCiphertext, providerCredentialsContext(organizationId, provider)));
    await db.update(trackingProviderConnections).set({ quota, quotaCheckedAt: now, lastError: null, lastErrorAt: null }).where(where);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await db.update(trackingProviderConnections).set({ lastError: error.message, lastErrorAt: now }).where(where);
  }
}

/** Forgets an organisation's key: its trackings fall back to the server's key, or become not trackable. */
export async function removeProviderKey(db: Executor, organizationId: string, provider: TrackingProvider): Promise<boolean> {
  const removed = await db
    .delete(trackingProviderConnections)
    .where(and(eq(trackingProviderConnections.organizationId, organizationId), eq(trackingProviderConnections.provider, provider)))
    .returning({ provider: trackingProviderConnections.provider });
  return removed.length > 0;
}
