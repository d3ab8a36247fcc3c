import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingProviderConnections } from "@/db/schema";
import { startFakeTrack17, type FakeTrack17 } from "@/testing/carriers/fake-track17-server";
import { resetEnvForTests } from "@/lib/env";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { listProviderKeys } from "./list-provider-keys";
import { providerCredentials } from "./provider-credentials";
import { removeProviderKey, retestProviderKey, saveProviderKey } from "./save-provider-key";

const testDb = setupTestDatabase();
const KEY = "provider-keys-test-17track";
let fake: FakeTrack17;

beforeAll(async () => {
  fake = await startFakeTrack17({ apiKey: KEY });
  // The registry reads the provider's address from the environment when first used.
  Object.assign(process.env, { TRACK17_API_BASE_URL: fake.baseUrl, TRACK17_RATE_LIMIT: "off" });
  resetEnvForTests();
});
afterAll(() => fake.close());

describe("an organisation's tracking-provider key", () => {
  it("is tested with one quota call, stored sealed, listed masked with its quota, tested again, and removed", async () => {
    const { organization } = await createTenant(testDb.db);
    await expect(saveProviderKey(testDb.db, organization.id, "track17", { apiKey: "a-wrong-17track-key" })).rejects.toMatchObject({
      kind: "invalid",
      message: expect.stringMatching(/refused the key/),
    });
    expect(await testDb.db.select().from(trackingProviderConnections).where(eq(trackingProviderConnections.organizationId, organization.id))).toEqual([]);

    fake.setQuota(30);
    await saveProviderKey(testDb.db, organization.id, "track17", { apiKey: KEY, push: "on" });
    const [row] = await testDb.db.select().from(trackingProviderConnections).where(eq(trackingProviderConnections.organizationId, organization.id));
    expect(row!.credentialsCiphertext).not.toContain(KEY);
    expect(await providerCredentials(testDb.db, organization.id, "track17")).toEqual({ credentials: { apiKey: KEY, push: "on" }, source: "organization" });
    const [track17] = await listProviderKeys(testDb.db, organization.id);
    expect(track17).toMatchObject({
      provider: "track17",
      key: "••••rack",
      quota: { total: 100, remaining: 30 },
      lowQuota: true,
      lastError: null,
      pushUrlPath: "/webhooks/providers/17track",
    });
    expect(track17!.couriers).toBeGreaterThanOrEqual(1_000);

    fake.setQuota(90);
    await retestProviderKey(testDb.db, organization.id, "track17");
    expect((await listProviderKeys(testDb.db, organization.id))[0]).toMatchObject({ quota: { remaining: 90 }, lowQuota: false });
    fake.failNext("auth");
    await retestProviderKey(testDb.db, organization.id, "track17");
    expect((await listProviderKeys(testDb.db, organization.id))[0]!.lastError).toMatch(/refused the key/);

    expect(await removeProviderKey(testDb.db, organization.id, "track17")).toBe(true);
    expect((await listProviderKeys(testDb.db, organization.id))[0]).toMatchObject({ key: null, quota: null });
    const { organization: other } = await createTenant(testDb.db);
    expect((await listProviderKeys(testDb.db, other.id))[0]!.key).toBeNull();
  });
});
