import { Authentication } from "aftership-tracking-sdk-17/dist/lib/authentication";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys } from "@/db/schema";
import { createApiKey } from "@/lib/accounts/create-api-key";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";

const testDb = setupTestDatabase();

withTestEncryptionKey();

/** Headers as the official client (17.0.0, auth_type AES) sends them, signed by its own code. */
function signedHeaders(options: { key: string; secret: string; method: string; path: string; body?: object; query?: Record<string, string>; date?: Date }) {
  const date = (options.date ?? new Date()).toUTCString();
  const headers: Record<string, string> = { "as-api-key": options.key, "Content-Type": "application/json" };
  headers["as-signature-hmac-sha256"] = Authentication.sign({
    url: options.path,
    method: options.method,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    content_type: "application/json",
    query: options.query,
    date,
    headers,
    private_key: options.secret,
    auth_type: "AES",
  });
  headers.date = date;
  return headers;
}

async function keyWithSecret() {
  const { organization } = await createTenant(testDb.db);
  return createApiKey(testDb.db, organization.id, "signing");
}

describe("requests signed with the key's API secret (auth_type AES)", () => {
  it("are answered when the official client's signature holds, with a body and with a query", async () => {
    const { key, secret } = await keyWithSecret();
    const body = { tracking_number: `SIGN-${Date.now()}`, slug: "testing-courier" };
    const path = "/tracking/2026-07/trackings";
    const created = await callApi("POST", path, {
      key: null,
      rawBody: JSON.stringify(body),
      headers: signedHeaders({ key, secret, method: "POST", path, body }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const query = { tracking_numbers: body.tracking_number, limit: "5" };
    const listed = await callApi("GET", `${path}?limit=5&tracking_numbers=${body.tracking_number}`, {
      key: null,
      headers: signedHeaders({ key, secret, method: "GET", path, query }),
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.trackings).toHaveLength(1);
  });

  it("are refused in the envelope when anything signed was changed, the secret is wrong, or the date is stale", async () => {
    const { key, secret } = await keyWithSecret();
    const path = "/tracking/2026-07/trackings";
    const body = { tracking_number: `SIGN-${Date.now()}`, slug: "testing-courier" };
    const tampered = await callApi("POST", path, {
      key: null,
      rawBody: JSON.stringify({ ...body, title: "changed on the way" }),
      headers: signedHeaders({ key, secret, method: "POST", path, body }),
    });
    expect(tampered.status).toBe(401);
    expect(tampered.body.meta).toMatchObject({ code: 401, type: "Unauthorized" });
    expect(tampered.body.meta.message).toMatch(/signature/);
    const wrongSecret = await callApi("GET", path, { key: null, headers: signedHeaders({ key, secret: "not-the-secret", method: "GET", path }) });
    expect(wrongSecret.status).toBe(401);
    const otherPath = await callApi("GET", `${path}?limit=1`, { key: null, headers: signedHeaders({ key, secret, method: "GET", path }) });
    expect(otherPath.status).toBe(401);
    const stale = await callApi("GET", path, {
      key: null,
      headers: signedHeaders({ key, secret, method: "GET", path, date: new Date(Date.now() - 20 * 60_000) }),
    });
    expect(stale.status).toBe(401);
    expect(stale.body.meta.message).toMatch(/date/);
  });

  it("are refused for keys without a secret, and RSA signatures are refused clearly", async () => {
    const { key, apiKeyId } = await createTenant(testDb.db);
    // A key made before keys had secrets.
    await testDb.db.update(apiKeys).set({ signingSecretCiphertext: null }).where(eq(apiKeys.id, apiKeyId));
    const withoutSecret = await callApi("GET", "/2026-07/trackings", {
      key: null,
      headers: signedHeaders({ key, secret: "x", method: "GET", path: "/2026-07/trackings" }),
    });
    expect(withoutSecret.status).toBe(401);
    expect(withoutSecret.body.meta.message).toMatch(/no API secret/);
    const rsa = await callApi("GET", "/2026-07/trackings", { key, headers: { "as-signature-rsa-sha256": "c2ln", date: new Date().toUTCString() } });
    expect(rsa.status).toBe(401);
    expect(rsa.body.meta.message).toMatch(/RSA/);
    // Unsigned requests with the key alone work as before.
    expect((await callApi("GET", "/2026-07/trackings", { key })).status).toBe(200);
  });
});
