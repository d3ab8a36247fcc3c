import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookSecret, webhookSecrets } from "@/db/schema";
import { randomSecret } from "@/lib/ids";
import { openWebhookSecrets, sealWebhookSecret } from "./webhook-secret-cipher";

export const WEBHOOK_SECRET_LENGTH = 32;

/** The organisation's webhook secret, readable, created on first use (every organisation signs with one). */
export async function getWebhookSecret(db: Executor, organizationId: string): Promise<WebhookSecret> {
  const [existing] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.organizationId, organizationId));
  if (existing) return openWebhookSecrets(existing);
  await db
    .insert(webhookSecrets)
    .values({ organizationId, secret: sealWebhookSecret(organizationId, randomSecret(WEBHOOK_SECRET_LENGTH)) })
    .onConflictDoNothing();
  const [created] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.organizationId, organizationId));
  return openWebhookSecrets(created!);
}
