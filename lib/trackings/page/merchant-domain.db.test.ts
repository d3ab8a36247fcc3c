import { afterEach, describe, expect, it } from "vitest";
import { updateTrackingPage } from "@/lib/accounts/update-tracking-page";
import { resetEnvForTests } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { ORIGIN_HEADER } from "@/lib/http/request-origin";
import { callApi } from "@/testing/api-client";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { answerLookup, domainOrganizationFor } from "./page-requests";

const database = setupTestDatabase();
afterEach(() => {
  delete process.env.PUBLIC_BASE_URL;
  delete process.env.ALLOWED_HOSTS;
  resetEnvForTests();
});

let sequence = 0;
async function merchant(domain: string) {
  // The domain it owns comes back with it.
  sequence += 1;
  const { organization, key } = await createTenant(database.db);
  await updateTrackingPage(database.db, organization.id, { handle: `shop-${Date.now().toString(36)}-${sequence}`, customDomain: domain });
  const trackingNumber = `ITOD-1-${Date.now()}${sequence}`;
  expect((await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: trackingNumber, slug: "testing-courier" } })).status).toBe(201);
  return { organization, domain, trackingNumber };
}

const lookupAt = (origin: string, organizationId: string, number: string) =>
  answerLookup(
    new Request(`http://localhost/t/${organizationId}/lookup`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", [ORIGIN_HEADER]: origin, [CLIENT_ADDRESS_HEADER]: "192.0.2.9" },
      body: new URLSearchParams({ number }),
    }),
    organizationId,
  );

describe("a merchant's own domain", () => {
  it("may not be one of the operator's own hosts", async () => {
    process.env.PUBLIC_BASE_URL = "https://waybill.operator.example";
    process.env.ALLOWED_HOSTS = "dashboard.operator.example, .operator.example";
    resetEnvForTests();
    const { organization } = await createTenant(database.db);
    const handle = `operator-test-${Date.now().toString(36)}`;
    for (const domain of ["waybill.operator.example", "dashboard.operator.example", "anything.operator.example", "localhost"]) {
      await expect(updateTrackingPage(database.db, organization.id, { handle, customDomain: domain }), domain).rejects.toMatchObject({
        kind: "invalid",
        field: "customDomain",
      });
    }
    const own = `track.merchant-${Date.now().toString(36)}.example`;
    expect((await updateTrackingPage(database.db, organization.id, { handle, customDomain: own })).customDomain).toBe(own);
    // A domain saved before the rule is still never served as the operator's own address.
    expect(await domainOrganizationFor("waybill.operator.example")).toBeNull();
  });

  it("serves only that merchant's pages; Waybill's own address serves every merchant's", async () => {
    const first = await merchant(`track.first-${Date.now()}.example`);
    const second = await merchant(`track.second-${Date.now()}.example`);
    const firstDomain = `http://${first.domain}`;
    expect((await lookupAt(firstDomain, second.organization.id, second.trackingNumber)).status).toBe(404);
    expect((await lookupAt(firstDomain, first.organization.id, first.trackingNumber)).status).toBe(303);
    expect((await lookupAt("http://waybill.operator.example", second.organization.id, second.trackingNumber)).status).toBe(303);
  });
});
