import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackingProviderConnections } from "@/db/schema";
import { TRACKING_PROVIDERS, providerSlugs, type TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { providerPushConfigured } from "@/lib/connections/provider-push-configured";
import { openCredentials } from "./credentials-cipher";
import { providerCredentialsContext, serverProviderCredentials } from "./provider-credentials";
import { PROVIDER_LABELS } from "./save-provider-key";

/** Below this share of the quota left, or this many registrations, the settings page warns. */
const LOW_SHARE = 0.1;
const LOW_COUNT = 50;

export interface ProviderKeyView {
  provider: TrackingProvider;
  label: string;
  couriers: number;
  /** The organisation's own key, masked; null when it has none. */
  key: string | null;
  serverDefault: boolean;
  quota: { total: number | null; used: number | null; remaining: number | null } | null;
  quotaCheckedAt: string | null;
  lowQuota: boolean;
  lastError: string | null;
  pushUrlPath: string;
  /** The key in use (the organisation's, else the server's) has push on: its trackings are polled every 12 hours only. */
  push: boolean;
}

const mask = (key: string) => (key.length > 8 ? `••••${key.slice(-4)}` : "••••");

export async function listProviderKeys(db: Executor, organizationId: string): Promise<ProviderKeyView[]> {
  const rows = await db.select().from(trackingProviderConnections).where(eq(trackingProviderConnections.organizationId, organizationId));
  return TRACKING_PROVIDERS.map((provider) => {
    const row = rows.find((candidate) => candidate.provider === provider);
    const credentials = row ? openCredentials(row.credentialsCiphertext, providerCredentialsContext(organizationId, provider)) : null;
    const quota = row?.quota ?? null;
    const remaining = quota?.remaining ?? null;
    const lowQuota = remaining !== null && (remaining < LOW_COUNT || (quota?.total ? remaining / quota.total < LOW_SHARE : false));
    return {
      provider,
      label: PROVIDER_LABELS[provider],
      couriers: providerSlugs(provider).length,
      key: credentials?.apiKey ? mask(credentials.apiKey) : null,
      serverDefault: Boolean(serverProviderCredentials(provider)),
      quota: quota ? { total: quota.total, used: quota.used, remaining } : null,
      quotaCheckedAt: row?.quotaCheckedAt?.toISOString() ?? null,
      lowQuota,
      lastError: row?.lastError ?? null,
      pushUrlPath: `/webhooks/providers/${provider === "track17" ? "17track" : "ship24"}`,
      push: providerPushConfigured(provider, credentials ?? serverProviderCredentials(provider) ?? {}),
    };
  });
}
