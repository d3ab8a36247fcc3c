import type { Credentials } from "@/lib/connections/credentials-cipher";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";

/**
 * Whether the provider pushes its news for this key, so polling is only a 12-hour safety net.
 * Ship24: the key has a webhook secret (its pushes are verified with it; without one they would be
 * refused). 17TRACK signs pushes with the key itself, so the key says it explicitly (`push: "on"`).
 * The server's keys: SHIP24_WEBHOOK_SECRET, and TRACK17_PUSH=true.
 */
export function providerPushConfigured(provider: TrackingProvider, credentials: Credentials): boolean {
  if (provider === "ship24") return Boolean(credentials.webhookSecret);
  return credentials.push === "on" || credentials.push === "true";
}
