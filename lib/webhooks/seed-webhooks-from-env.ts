import type { Database } from "@/db/client";
import { type WebhookApiVersion, webhookSecrets } from "@/db/schema";
import { API_VERSIONS } from "@/lib/api-versions";
import { randomSecret } from "@/lib/ids";
import { createWebhookEndpoint } from "./create-webhook-endpoint";
import { WEBHOOK_SECRET_LENGTH } from "./get-webhook-secret";
import { sealWebhookSecret } from "./webhook-secret-cipher";

export interface WebhookUrlSetting {
  url: string;
  apiVersion: WebhookApiVersion;
}

/**
 * WAYBILL_WEBHOOK_URLS: comma-separated URLs, each optionally followed by `|<version>`
 * (`https://a.example/hook,https://b.example/hook|2025-04`); v4 when no version is given.
 */
export function parseWebhookUrlsSetting(value: string): { urls: WebhookUrlSetting[]; invalid: string[] } {
  const urls: WebhookUrlSetting[] = [];
  const invalid: string[] = [];
  for (const entry of value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [url = "", version = "v4", ...rest] = entry.split("|").map((part) => part.trim());
    if (rest.length || !(API_VERSIONS as readonly string[]).includes(version)) invalid.push(entry);
    else urls.push({ url, apiVersion: version as WebhookApiVersion });
  }
  return { urls, invalid };
}

export interface SeededWebhooks {
  /** False when the organisation's webhook settings existed already: env is then left unread. */
  seeded: boolean;
  endpoints: string[];
  /** Entries that were not added, with why. */
  refused: string[];
}

/**
 * First start for self-hosted set-ups and demos: the organisation's webhook secret and URLs from
 * env. Applied once, when the organisation has no webhook secret yet (creating it marks the
 * settings as made); from then on the dashboard owns them. A refused URL is reported, not fatal.
 * Without WAYBILL_WEBHOOK_SECRET the secret is generated (settings show it).
 */
export async function seedWebhooksFromEnv(db: Database, organizationId: string, settings: { urls?: string; secret?: string }): Promise<SeededWebhooks> {
  // Without either setting nothing is marked as made, so setting them before a later start still works.
  if (!settings.urls?.trim() && !settings.secret?.trim()) return { seeded: false, endpoints: [], refused: [] };
  const secret = settings.secret?.trim() || randomSecret(WEBHOOK_SECRET_LENGTH);
  const created = await db
    .insert(webhookSecrets)
    .values({ organizationId, secret: sealWebhookSecret(organizationId, secret) })
    .onConflictDoNothing()
    .returning();
  if (!created.length) return { seeded: false, endpoints: [], refused: [] };
  const { urls, invalid } = parseWebhookUrlsSetting(settings.urls ?? "");
  const refused = invalid.map((entry) => `${entry}: expected a URL, optionally followed by |${API_VERSIONS.join(", |")}`);
  const endpoints: string[] = [];
  for (const { url, apiVersion } of urls) {
    try {
      endpoints.push((await createWebhookEndpoint(db, organizationId, { url, apiVersion })).url);
    } catch (error) {
      refused.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { seeded: true, endpoints, refused };
}
