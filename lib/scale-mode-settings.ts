import type { Env } from "@/lib/env";

/**
 * Settings every instance sharing a database must share: each instance would otherwise make its own
 * key and secret, and credentials sealed or sessions signed by one would fail on the others.
 * Empty when the configuration may start.
 */
export function missingScaleModeSettings(settings: Pick<Env, "DATABASE_URL" | "WAYBILL_ENCRYPTION_KEY" | "NEXTAUTH_SECRET">): string[] {
  if (!settings.DATABASE_URL) return [];
  return (["WAYBILL_ENCRYPTION_KEY", "NEXTAUTH_SECRET"] as const).filter((name) => !settings[name]);
}
