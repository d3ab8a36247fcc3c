import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookSecret, webhookSecrets } from "@/db/schema";
import { randomSecret } from "@/lib/ids";
import { getWebhookSecret, WEBHOOK_SECRET_LENGTH } from "./get-webhook-secret";
import { openWebhookSecrets, sealWebhookSecret } from "./webhook-secret-cipher";

/** How long the secret a rotation replaces keeps signing beside the new one. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * A new secret; the one it replaces keeps signing (in `<header>-previous`) for 24 hours, so
 * receivers can switch without dropping webhooks. Rotating again within that time retires the
 * older one at once: only one previous secret is kept.
 */
export async function rotateWebhookSecret(db: Executor, organizationId: string, now = new Date()): Promise<WebhookSecret> {
  await getWebhookSecret(db, organizationId);
  const [rotated] = await db
    .update(webhookSecrets)
    .set({
      secret: sealWebhookSecret(organizationId, randomSecret(WEBHOOK_SECRET_LENGTH)),
      // Read in the same statement, so two rotations at once cannot both retire the same secret.
      previousSecret: sql`${webhookSecrets.secret}`,
      previousExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS),
      rotatedAt: now,
    })
    .where(eq(webhookSecrets.organizationId, organizationId))
    .returning();
  return openWebhookSecrets(rotated!);
}
