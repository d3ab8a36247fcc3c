import { eq, not, like, or } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type WebhookSecret, webhookSecrets } from "@/db/schema";
import { openCredentials, sealCredentials } from "@/lib/connections/credentials-cipher";

// Webhook secrets are sealed at rest like courier credentials (AES-256-GCM, bound to the
// organisation), and opened only to sign or to show the secret to the organisation's admins.

const context = (organizationId: string) => `webhook-secret:${organizationId}`;
const isSealed = (stored: string) => stored.startsWith("v1:") && stored.split(":").length === 4;

export function sealWebhookSecret(organizationId: string, secret: string): string {
  return sealCredentials({ secret }, context(organizationId));
}

function openWebhookSecret(organizationId: string, stored: string): string {
  // Rows written before secrets were sealed read as they are until the start-up pass seals them.
  return isSealed(stored) ? openCredentials(stored, context(organizationId)).secret! : stored;
}

/** The row with its secrets readable. */
export function openWebhookSecrets(row: WebhookSecret): WebhookSecret {
  return {
    ...row,
    secret: openWebhookSecret(row.organizationId, row.secret),
    previousSecret: row.previousSecret === null ? null : openWebhookSecret(row.organizationId, row.previousSecret),
  };
}

/** Seals the secrets still stored in the clear (rows from before sealing); run at start. */
export async function sealPlainWebhookSecrets(db: Executor): Promise<number> {
  const plain = await db
    .select()
    .from(webhookSecrets)
    .where(or(not(like(webhookSecrets.secret, "v1:%")), not(like(webhookSecrets.previousSecret, "v1:%"))));
  for (const row of plain) {
    const open = openWebhookSecrets(row);
    await db
      .update(webhookSecrets)
      .set({
        secret: sealWebhookSecret(row.organizationId, open.secret),
        previousSecret: open.previousSecret === null ? null : sealWebhookSecret(row.organizationId, open.previousSecret),
      })
      .where(eq(webhookSecrets.organizationId, row.organizationId));
  }
  return plain.length;
}
