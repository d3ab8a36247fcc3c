import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { trackingProviderConnections } from "@/db/schema";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import { env } from "@/lib/env";
import { openCredentials, type Credentials } from "./credentials-cipher";

/** What a provider connection's ciphertext is bound to. */
export function providerCredentialsContext(organizationId: string, provider: TrackingProvider): string {
  return `tracking-provider:${organizationId}:${provider}`;
}

/** The server-wide key of a provider from the environment, or undefined. */
export function serverProviderCredentials(provider: TrackingProvider): Credentials | undefined {
  const settings = env();
  if (provider === "track17") {
    return settings.TRACK17_API_KEY ? { apiKey: settings.TRACK17_API_KEY, ...(settings.TRACK17_PUSH ? { push: "on" } : {}) } : undefined;
  }
  if (!settings.SHIP24_API_KEY) return undefined;
  return { apiKey: settings.SHIP24_API_KEY, ...(settings.SHIP24_WEBHOOK_SECRET ? { webhookSecret: settings.SHIP24_WEBHOOK_SECRET } : {}) };
}

/**
 * The key an organisation's trackings use with a provider: its own (decrypted), else the server's,
 * else undefined (the provider cannot follow its trackings).
 */
export async function providerCredentials(
  db: Executor,
  organizationId: string,
  provider: TrackingProvider,
): Promise<{ credentials: Credentials; source: "organization" | "server" } | undefined> {
  const [row] = await db
    .select({ credentialsCiphertext: trackingProviderConnections.credentialsCiphertext })
    .from(trackingProviderConnections)
    .where(and(eq(trackingProviderConnections.organizationId, organizationId), eq(trackingProviderConnections.provider, provider)))
    .limit(1);
  if (row) return { credentials: openCredentials(row.credentialsCiphertext, providerCredentialsContext(organizationId, provider)), source: "organization" };
  const server = serverProviderCredentials(provider);
  return server ? { credentials: server, source: "server" } : undefined;
}
