import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { callApi } from "@/testing/api-client";
import { startApiServer, type ApiServer } from "@/testing/api-server";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { startFakeShopify, type FakeShopify } from "@/testing/stores/fake-shopify";
import { runCommandLine } from "./commands";

const testDb = setupTestDatabase();
withTestEncryptionKey();
const run = (...argv: string[]) => runCommandLine(testDb.db, argv);
let shopify: FakeShopify;
let source: ApiServer;

beforeAll(async () => {
  shopify = await startFakeShopify({ shop: "cli-shop.myshopify.com" });
  source = await startApiServer();
  vi.stubEnv("SHOPIFY_API_BASE_URL", shopify.url);
  vi.stubEnv("AFTERSHIP_API_BASE_URL", source.url);
  vi.stubEnv("PUBLIC_BASE_URL", "https://waybill.example");
  resetEnvForTests();
});
afterAll(async () => {
  await shopify.close();
  await source.close();
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("the operator's store and import commands", () => {
  it("connect a Shopify shop printing its id, list it, refuse a wrong token, and disconnect it", async () => {
    const { organization } = await createTenant(testDb.db);
    const refused = await run("store", "add", "shopify", "--org", organization.id, "--shop", shopify.shop, "--access-token", "wrong", "--api-secret", "s");
    expect(refused).toMatchObject({ exitCode: 1, output: expect.stringContaining("Shopify refused the access token") });
    const added = await run(
      "store",
      "add",
      "shopify",
      "--org",
      organization.id,
      "--shop",
      shopify.shop,
      "--access-token",
      shopify.accessToken,
      "--api-secret",
      shopify.apiSecret,
      "--backfill-days",
      "0",
    );
    expect(added).toMatchObject({ exitCode: 0, output: expect.stringMatching(/^Store: (\S+) \(shopify cli-shop\.myshopify\.com\)$/m) });
    const storeId = /^Store: (\S+)/m.exec(added.output)![1]!;
    expect((await run("store", "list", "--org", organization.id)).output).toContain(`${storeId}  shopify  cli-shop.myshopify.com  backfill: none`);
    expect(shopify.subscriptions).toHaveLength(3);
    expect(await run("store", "remove", "--org", organization.id, "--store", storeId)).toMatchObject({ exitCode: 0 });
    expect(shopify.subscriptions).toEqual([]);
    expect((await run("store", "list", "--org", organization.id)).output).toBe("No stores connected.");
  });

  it("import an AfterShip account and, run again, update rather than add", async () => {
    const from = await createTenant(testDb.db);
    for (const number of ["ITOD-0-6100001", "ITOD-0-6100002", "ITOD-0-6100003"]) {
      expect((await callApi("POST", "/tracking/2025-04/trackings", { key: from.key, body: { tracking_number: number, slug: "testing-courier" } })).status).toBe(
        201,
      );
    }
    const { organization } = await createTenant(testDb.db);
    const first = await run("import", "aftership", "--org", organization.id, "--api-key", from.key);
    expect(first).toMatchObject({ exitCode: 0, output: expect.stringMatching(/^Ran import \S+: 3 imported, 0 updated, 0 skipped\.$/) });
    const second = await run("import", "aftership", "--org", organization.id, "--api-key", from.key);
    expect(second.output).toMatch(/: 0 imported, 3 updated, 0 skipped\.$/);
    expect(await run("import", "aftership", "--org", organization.id, "--api-key", "wrong")).toMatchObject({
      exitCode: 1,
      output: expect.stringContaining("refused the API key"),
    });
  });
});
