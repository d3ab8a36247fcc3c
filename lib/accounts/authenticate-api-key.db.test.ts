import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys } from "@/db/schema";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { authenticateApiKey, CACHE_TTL_MS } from "./authenticate-api-key";
import { revokeApiKey } from "./revoke-api-key";

const testDb = setupTestDatabase();

describe("revoking an API key", () => {
  it("stops it at once on the revoking instance", async () => {
    const { organization, key, apiKeyId } = await createTenant(testDb.db);
    expect(await authenticateApiKey(testDb.db, key)).toMatchObject({ apiKeyId });
    await revokeApiKey(testDb.db, organization.id, apiKeyId);
    expect(await authenticateApiKey(testDb.db, key)).toBeNull();
  });

  it("stops it on every other instance within the cache's bound (README: 5 s)", async () => {
    const { key, apiKeyId } = await createTenant(testDb.db);
    const t0 = Date.now();
    expect(await authenticateApiKey(testDb.db, key, t0)).toMatchObject({ apiKeyId });
    // Another instance revokes: the row changes, this process's cache is not told.
    await testDb.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, apiKeyId));
    expect(await authenticateApiKey(testDb.db, key, t0 + CACHE_TTL_MS - 1)).not.toBeNull();
    expect(await authenticateApiKey(testDb.db, key, t0 + CACHE_TTL_MS)).toBeNull();
    expect(CACHE_TTL_MS).toBeLessThanOrEqual(5_000);
  });
});

describe("the key cache", () => {
  it("keeps a real caller's entry however many made-up keys are tried", async () => {
    const { key, apiKeyId } = await createTenant(testDb.db);
    const t0 = Date.now();
    expect(await authenticateApiKey(testDb.db, key, t0)).toMatchObject({ apiKeyId });
    // Were the entry flushed, the next lookup would read the row, which another instance has revoked.
    await testDb.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, apiKeyId));
    // More made-up keys than a cache holds, 50 at a time (as concurrent requests would come).
    for (let from = 0; from < 10_050; from += 50) {
      const callers = await Promise.all(Array.from({ length: 50 }, (_, i) => authenticateApiKey(testDb.db, `wb_made_up_${from + i}`, t0)));
      expect(callers.every((caller) => caller === null)).toBe(true);
    }
    expect(await authenticateApiKey(testDb.db, key, t0 + 1)).toMatchObject({ apiKeyId });
  }, 120_000);
});
