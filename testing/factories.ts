import type { Database } from "@/db/client";
import { createApiKey } from "@/lib/accounts/create-api-key";
import { createOrganization } from "@/lib/accounts/create-organization";

let counter = 0;

/**
 * A fresh organisation with one live API key: each test gets its own tenant. Its rate limits are
 * lifted unless the test is about them (`realLimits`), so functional tests never meet a 429.
 */
export async function createTenant(db: Database, options: { preferredCouriers?: string[]; name?: string; realLimits?: boolean } = {}) {
  counter += 1;
  const organization = await createOrganization(db, {
    name: options.name ?? `Tenant ${counter}`,
    preferredCouriers: options.preferredCouriers,
    rateLimits: options.realLimits ? {} : { "*": 100_000 },
  });
  const { key, apiKey } = await createApiKey(db, organization.id, "test");
  return { organization, key, apiKeyId: apiKey.id };
}
