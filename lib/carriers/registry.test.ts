import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adapterForSlug, carrierAdapters, trackableSlugs } from "@/lib/carriers/registry";
import { TESTING_COURIER_SLUGS } from "@/lib/carriers/testing-courier/adapter";
import { getCourier } from "@/lib/couriers/get-courier";
import { FIXTURE_NUMBERS, type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { credentialFieldsFor } from "@/lib/carriers/descriptors";

/** The direct carrier APIs and the slugs each answers for. */
const DIRECT_CARRIERS: Record<string, string[]> = {
  "DHL Unified": [
    "dhl",
    "dhl-pieceid",
    "dhl-api",
    "dhl-germany",
    "dhl-global-mail",
    "dhl-global-mail-api",
    "dhl-global-mail-asia",
    "dhl-freight",
    "dhl-global-forwarding",
    "dhlparcel-nl",
    "dhlparcel-uk",
    "dhl-poland",
    "deutsch-post",
    "dhl-benelux",
    "dhl-nl",
    "dhlparcel-es",
    "dhl-es",
    "dhl-hk",
  ],
  UPS: ["ups", "ups-api", "ups-mi"],
  FedEx: ["fedex", "fedex-api"],
  USPS: ["usps", "usps-api"],
  "La Poste Suivi": ["la-poste-colissimo", "colissimo", "chronopost-france"],
  "Royal Mail": ["royal-mail"],
  "Canada Post": ["canada-post"],
  "Australia Post": ["australia-post"],
  PostNord: ["postnord", "danmark-post", "sweden-posten"],
  InPost: ["inpost-paczkomaty"],
  Delhivery: ["delhivery"],
  Correios: ["brazil-correios"],
  PostNL: ["postnl", "postnl-3s"],
  GLS: ["gls", "gls-netherlands"],
  DPD: ["dpd", "dpd-nl"],
  Purolator: ["purolator", "purolator-api"],
};

let server: FakeCarrierServer;

beforeAll(async () => {
  server = await startFakeCarrierServer();
});
afterAll(() => server.close());

describe("carrier registry", () => {
  it("follows at least sixteen carriers directly, each under its catalogue slugs", () => {
    const options = { env: {} };
    const adapters = carrierAdapters(options);
    const slugsOf = (slug: string) => adapterForSlug(slug, options)?.slugs;
    // One adapter per carrier API; the slugs are the catalogue's couriers that API answers for.
    expect(Object.fromEntries(Object.entries(DIRECT_CARRIERS).map(([carrier, [slug]]) => [carrier, slugsOf(slug!)]))).toEqual(DIRECT_CARRIERS);
    expect(Object.keys(DIRECT_CARRIERS).length).toBeGreaterThanOrEqual(16);
    expect(adapters).toHaveLength(Object.keys(DIRECT_CARRIERS).length + 1);
    expect(adapterForSlug("testing-courier", options)).not.toBeNull();
    expect(adapterForSlug("cainiao", options)).toBeNull();
    expect(new Set(trackableSlugs(options)).size).toBe(trackableSlugs(options).length);
    for (const slug of trackableSlugs(options)) expect(getCourier(slug), slug).toBeDefined();
  });

  it("takes as many numbers a call as each carrier allows", () => {
    const options = { env: {} };
    expect(
      Object.fromEntries(
        ["fedex", "colissimo", "australia-post", "gls", "purolator", "brazil-correios", "delhivery", "ups"].map((slug) => [
          slug,
          adapterForSlug(slug, options)!.batchSize,
        ]),
      ),
    ).toEqual({ fedex: 30, colissimo: 10, "australia-post": 10, gls: 10, purolator: 10, "brazil-correios": 50, delhivery: 50, ups: 1 });
  });

  it("offers a connection form for every carrier it asks directly", () => {
    for (const slug of trackableSlugs({ env: {} }).filter((slug) => !TESTING_COURIER_SLUGS.includes(slug))) {
      expect(credentialFieldsFor(slug).length, slug).toBeGreaterThan(0);
    }
  });

  it("reuses adapters (and their token caches) for the same options", () => {
    const options = { env: {} };
    expect(adapterForSlug("ups", options)).toBe(adapterForSlug("ups", options));
    expect(adapterForSlug("ups", options)).not.toBe(adapterForSlug("ups", { env: {} }));
    expect(adapterForSlug("ups")).toBe(adapterForSlug("ups"));
  });

  it("configures every carrier from the environment", async () => {
    const options = { env: server.env };
    const now = new Date("2025-03-10T00:00:00Z");
    for (const carrier of ["dhl", "ups", "fedex", "usps"] as const) {
      const request = trackRequest(carrier, FIXTURE_NUMBERS[carrier].delivered);
      const result = (await adapterForSlug(carrier, options)!.track([request], now)).get(request.id)!;
      expect(result.kind === "found" && result.checkpoints.at(-1)!.tag, carrier).toBe("Delivered");
    }
  });

  it("reports a carrier without credentials as an auth failure", async () => {
    const adapter = adapterForSlug("usps", { env: { USPS_API_BASE_URL: server.url } })!;
    await expect(adapter.track([trackRequest("usps", FIXTURE_NUMBERS.usps.delivered)], new Date())).rejects.toMatchObject({
      kind: "auth",
      message: expect.stringContaining("client_id"),
    });
  });

  it("applies the default client-side quota unless turned off", async () => {
    const env = { ...server.env, DHL_RATE_LIMIT: undefined };
    const adapter = adapterForSlug("dhl", { env })!;
    const started = Date.now();
    await adapter.track([trackRequest("dhl", FIXTURE_NUMBERS.dhl.delivered), trackRequest("dhl", FIXTURE_NUMBERS.dhl.exception)], new Date());
    // DHL's Starter plan allows one call per second: the second call waits for the next second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
