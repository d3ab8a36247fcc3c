import { describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/accounts/revoke-api-key";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { API_VERSIONS } from "./types";
import { routeTables } from "./versions/route-tables";

const testDb = setupTestDatabase();

/** Every route of every version, with placeholder path parameters. */
const everyRoute = API_VERSIONS.flatMap((version) =>
  routeTables[version].map((route) => ({
    version,
    method: route.method,
    path: `/${version}${route.pattern.replace(/:[a-z_]+/g, "x1234")}`,
  })),
);

describe("authentication on every public route", () => {
  it("refuses a missing, unknown and revoked key with the 401 envelope", async () => {
    const { key, organization, apiKeyId } = await createTenant(testDb.db);
    await revokeApiKey(testDb.db, organization.id, apiKeyId);
    for (const { method, path } of everyRoute) {
      for (const presented of [undefined, "wb_unknown", key]) {
        const res = await callApi(method, path, { key: presented, body: method === "GET" ? undefined : {} });
        expect({ method, path, status: res.status, code: res.body.meta.code }).toEqual({ method, path, status: 401, code: 401 });
        expect(res.headers.get("x-ratelimit-limit")).not.toBeNull();
      }
    }
  });
});
