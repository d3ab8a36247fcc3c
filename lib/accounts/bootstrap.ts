import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { organizations } from "@/db/schema";
import { createApiKey } from "./create-api-key";
import { createOrganization } from "./create-organization";

export interface BootstrapResult {
  organizationId: string;
  /** Present only on the start that created the organisation: the key is never readable again. */
  apiKey?: string;
  /** Its API secret, for clients that sign requests; shown with the key. */
  apiSecret?: string;
}

/**
 * First start: a demo organisation and its default key. Later starts find the organisation and
 * leave it alone. The advisory lock keeps two instances starting together from both seeding.
 */
export async function bootstrapDemoOrganization(db: Database): Promise<BootstrapResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7216002)`);
    const [existing] = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing) return { organizationId: existing.id };
    // No preferred list yet: every courier is active until an admin chooses some.
    const organization = await createOrganization(tx, { name: "Demo organisation" });
    const { key, secret } = await createApiKey(tx, organization.id, "Default");
    return { organizationId: organization.id, apiKey: key, apiSecret: secret };
  });
}
