import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookSecrets } from "@/db/schema";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { getWebhookSecret } from "./get-webhook-secret";
import { rotateWebhookSecret } from "./rotate-webhook-secret";
import { sealPlainWebhookSecrets } from "./webhook-secret-cipher";

const testDb = setupTestDatabase();

withTestEncryptionKey();

const storedRow = async (organizationId: string) =>
  (await testDb.db.select().from(webhookSecrets).where(eq(webhookSecrets.organizationId, organizationId)))[0]!;

describe("webhook secrets at rest", () => {
  it("are stored sealed, and read back (and rotated) in the clear for signing", async () => {
    const { organization } = await createTenant(testDb.db);
    const { secret } = await getWebhookSecret(testDb.db, organization.id);
    const stored = await storedRow(organization.id);
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.secret).not.toContain(secret);
    const rotated = await rotateWebhookSecret(testDb.db, organization.id);
    expect(rotated.previousSecret).toBe(secret);
    expect((await storedRow(organization.id)).previousSecret).toMatch(/^v1:/);
    expect((await getWebhookSecret(testDb.db, organization.id)).secret).toBe(rotated.secret);
  });

  it("seals rows an earlier version stored in the clear, keeping the same secret", async () => {
    const { organization } = await createTenant(testDb.db);
    await testDb.db.insert(webhookSecrets).values({ organizationId: organization.id, secret: "legacy-plain-secret", previousSecret: "older-plain-secret" });
    expect((await getWebhookSecret(testDb.db, organization.id)).secret).toBe("legacy-plain-secret");
    expect(await sealPlainWebhookSecrets(testDb.db)).toBeGreaterThanOrEqual(1);
    const stored = await storedRow(organization.id);
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.previousSecret).toMatch(/^v1:/);
    expect(await getWebhookSecret(testDb.db, organization.id)).toMatchObject({ secret: "legacy-plain-secret", previousSecret: "older-plain-secret" });
    expect(await sealPlainWebhookSecrets(testDb.db)).toBe(0);
  });
});
