import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adapterForSlug, carrierAdapters, trackableSlugs } from "@/lib/carriers/registry";
import { FIXTURE_NUMBERS, type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { trackRequest } from "@/testing/carriers/track-request";

let server: FakeCarrierServer;

beforeAll(async () => {
  server = await startFakeCarrierServer();
});
afterAll(() => server.close());

describe("carrier registry", () => {
  it("has an adapter for the testing courier and each carrier's slugs", () => {
    const options = { env: {} };
    for (const slug of [
      "testing-courier",
      "dhl",
      "dhl-germany",
      "ups",
      "fedex",
      "usps",
      "la-poste-colissimo",
      "colissimo",
      "chronopost-france",
      "royal-mail",
      "canada-post",
    ]) {
      expect(adapterForSlug(slug, options), slug).not.toBeNull();
    }
    expect(adapterForSlug("cainiao", options)).toBeNull();
    expect(adapterForSlug("fedex", options)!.batchSize).toBe(30);
    expect(adapterForSlug("dhl", options)).toBe(adapterForSlug("dhl-germany", options));
    expect(adapterForSlug("colissimo", options)!.batchSize).toBe(10);
    expect(carrierAdapters(options)).toHaveLength(8);
    expect(new Set(trackableSlugs(options)).size).toBe(trackableSlugs(options).length);
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
