import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookSecret, webhookSecrets } from "@/db/schema";
import { randomSecret } from "@/lib/ids";

export const WEBHOOK_SECRET_LENGTH = 32;

/** The organisation's webhook secret, created on first use (every organisation signs with one). */
export async function getWebhookSecret(db: Executor, organizationId: string): Promise<WebhookSecret> {
  const [existing] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.organizationId, organizationId));
  if (existing) return existing;
  await db
    .insert(webhookSecrets)
    .values({ organizationId, secret: randomSecret(WEBHOOK_SECRET_LENGTH) })
    .onConflictDoNothing();
  const [created] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.organizationId, organizationId));
  return created!;
}
