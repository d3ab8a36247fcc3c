import { afterEach, describe, expect, it } from "vitest";
import { updateTrackingPage } from "@/lib/accounts/update-tracking-page";
import { resetEnvForTests } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { ORIGIN_HEADER } from "@/lib/http/request-origin";
import { callApi } from "@/testing/api-client";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { domainChallenge, proveCustomDomain, setTxtResolver } from "./domain-proof";
import { isMerchantDomain } from "./merchant-domains";
import { answerLookup, domainOrganizationFor } from "./page-requests";

const database = setupTestDatabase();
/** What DNS answers in these tests: name → TXT records. */
const dns = new Map<string, string[]>();
setTxtResolver(async (name) => {
  const records = dns.get(name);
  if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return records.map((record) => [record]);
});
const publish = (domain: string, token: string | null) => {
  const challenge = domainChallenge(domain, token!);
  dns.set(challenge.name, [...(dns.get(challenge.name) ?? []), challenge.value]);
};

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
  const claimed = await updateTrackingPage(database.db, organization, { handle: `shop-${Date.now().toString(36)}-${sequence}`, customDomain: domain });
  publish(domain, claimed.customDomainToken);
  await proveCustomDomain(database.db, claimed, new Date());
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
      await expect(updateTrackingPage(database.db, organization, { handle, customDomain: domain }), domain).rejects.toMatchObject({
        kind: "invalid",
        field: "customDomain",
      });
    }
    const own = `track.merchant-${Date.now().toString(36)}.example`;
    expect((await updateTrackingPage(database.db, organization, { handle, customDomain: own })).customDomain).toBe(own);
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

describe("proving a domain", () => {
  it("serves a claimed domain only once its TXT record holds the organisation's token", async () => {
    const { organization } = await createTenant(database.db);
    const domain = `track.proof-${Date.now()}.example`;
    const claimed = await updateTrackingPage(database.db, organization, { handle: null, customDomain: domain });
    expect(claimed).toMatchObject({ customDomain: domain, customDomainVerifiedAt: null });
    expect(claimed.customDomainToken).toMatch(/^[0-9a-f]{32}$/);
    expect(await domainOrganizationFor(domain)).toBeNull();
    expect(await isMerchantDomain(domain)).toBe(false);
    await expect(proveCustomDomain(database.db, claimed, new Date())).rejects.toMatchObject({
      kind: "invalid",
      message: expect.stringContaining(`No TXT record at _waybill-challenge.${domain}`),
    });
    dns.set(`_waybill-challenge.${domain}`, ["waybill-verify=somebody-else"]);
    await expect(proveCustomDomain(database.db, claimed, new Date())).rejects.toMatchObject({ message: expect.stringContaining("somebody-else") });
    publish(domain, claimed.customDomainToken);
    const proven = await proveCustomDomain(database.db, claimed, new Date());
    expect(proven.customDomainVerifiedAt).toBeInstanceOf(Date);
    expect((await domainOrganizationFor(domain))?.id).toBe(organization.id);
    expect(await isMerchantDomain(domain)).toBe(true);
    // Saving the same domain again keeps the proof; another domain starts over.
    const kept = await updateTrackingPage(database.db, proven, { handle: null, customDomain: domain });
    expect(kept.customDomainVerifiedAt).toEqual(proven.customDomainVerifiedAt);
    const moved = await updateTrackingPage(database.db, kept, { handle: null, customDomain: `other.${domain}` });
    expect(moved).toMatchObject({ customDomainVerifiedAt: null });
    expect(moved.customDomainToken).not.toBe(claimed.customDomainToken);
    expect(await domainOrganizationFor(domain)).toBeNull();
  });

  it("lets anyone claim a domain but only one organisation prove it", async () => {
    const domain = `track.contested-${Date.now()}.example`;
    const squatter = await updateTrackingPage(database.db, (await createTenant(database.db)).organization, { handle: null, customDomain: domain });
    const owner = await updateTrackingPage(database.db, (await createTenant(database.db)).organization, { handle: null, customDomain: domain });
    publish(domain, owner.customDomainToken);
    await expect(proveCustomDomain(database.db, squatter, new Date())).rejects.toMatchObject({ kind: "invalid" });
    await proveCustomDomain(database.db, owner, new Date());
    expect((await domainOrganizationFor(domain))?.id).toBe(owner.id);
    // Even with both tokens published, the domain stays with the organisation that proved it first.
    publish(domain, squatter.customDomainToken);
    await expect(proveCustomDomain(database.db, squatter, new Date())).rejects.toMatchObject({ kind: "conflict" });
    expect((await domainOrganizationFor(domain))?.id).toBe(owner.id);
  });
});
