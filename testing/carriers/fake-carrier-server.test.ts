import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adapterForSlug, type RegistryOptions } from "@/lib/carriers/registry";
import { type FakeCarrier } from "@/testing/carriers/fake-carrier";
import { FIXTURE_NUMBERS, type FakeCarrierServer, loadFixture, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { trackRequest } from "@/testing/carriers/track-request";

let server: FakeCarrierServer;
let options: RegistryOptions;
const carriers: FakeCarrier[] = ["dhl", "ups", "fedex", "usps"];
const now = new Date();

beforeAll(async () => {
  server = await startFakeCarrierServer({ generateInTransit: true, generatedEventsStartAt: new Date("2025-03-01T08:00:00Z") });
  options = { env: server.env };
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe("fake carrier server", () => {
  it("has a fixture for every listed number, in the carrier's own format", () => {
    for (const carrier of carriers) {
      for (const scenario of ["delivered", "in-transit", "exception"]) {
        const text = JSON.stringify(loadFixture(carrier, scenario));
        const key = scenario === "in-transit" ? "inTransit" : scenario;
        expect(text, `${carrier} ${scenario}`).toContain(FIXTURE_NUMBERS[carrier][key as "delivered"]);
      }
      for (const scenario of ["not-found", "auth-failure", "rate-limited"]) expect(loadFixture(carrier, scenario)).toBeTruthy();
    }
  });

  it("answers any other number with a generated in-transit shipment, the same on every poll", async () => {
    for (const carrier of carriers) {
      const adapter = adapterForSlug(carrier, options)!;
      const request = trackRequest(carrier, "GEN0000000001");
      const first = (await adapter.track([request], now)).get(request.id)!;
      const second = (await adapter.track([request], now)).get(request.id)!;
      expect(first.kind === "found" && first.checkpoints.map((checkpoint) => checkpoint.tag), carrier).toEqual(["InfoReceived", "InTransit", "InTransit"]);
      expect(second, carrier).toEqual(first);
      expect(first.kind === "found" && first.checkpoints[0]!.occurredAt, carrier).toMatch(/^2025-03-01T0\d:00:00[+-]\d{2}:00$/);
    }
  });

  it("keeps the listed not-found numbers not found even when generating", async () => {
    for (const carrier of carriers) {
      const request = trackRequest(carrier, FIXTURE_NUMBERS[carrier].notFound);
      expect((await adapterForSlug(carrier, options)!.track([request], now)).get(request.id)!.kind, carrier).toBe("not_found");
    }
  });

  it("answers with what a test sets, e.g. a shipment that has moved on", async () => {
    const delivered = loadFixture("usps", "delivered") as { trackingNumber: string };
    server.setAnswer("usps", "9400100000000000000099", { ...delivered, trackingNumber: "9400100000000000000099" });
    const request = trackRequest("usps", "9400100000000000000099");
    const result = (await adapterForSlug("usps", options)!.track([request], now)).get(request.id)!;
    expect(result.kind === "found" && result.checkpoints.at(-1)!.tag).toBe("Delivered");
  });

  it("counts requests per carrier and endpoint, and fails only as often as told", async () => {
    server.fail("ups", { kind: "server_error" }, { endpoint: "track", times: 1 });
    const adapter = adapterForSlug("ups", { env: server.env })!;
    await expect(adapter.track([trackRequest("ups", FIXTURE_NUMBERS.ups.delivered)], now)).rejects.toMatchObject({ kind: "unavailable" });
    await adapter.track([trackRequest("ups", FIXTURE_NUMBERS.ups.delivered)], now);
    expect(server.requestCount("ups", "token")).toBe(1);
    expect(server.requestCount("ups", "track")).toBe(2);
    expect(server.requestCount("ups")).toBe(3);
    expect(server.requestCount()).toBe(3);
    expect(server.requests.map((request) => request.endpoint)).toEqual(["token", "track", "track"]);
  });

  it("issues tokens with a short lifetime when asked, which clients renew before they expire", async () => {
    const shortLived = await startFakeCarrierServer({ tokenLifetimeSeconds: 1 });
    try {
      const adapter = adapterForSlug("fedex", { env: shortLived.env })!;
      await adapter.track([trackRequest("fedex", FIXTURE_NUMBERS.fedex.delivered)], now);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await adapter.track([trackRequest("fedex", FIXTURE_NUMBERS.fedex.delivered)], now);
      expect(shortLived.requestCount("fedex", "token")).toBe(2);
      expect(shortLived.requestCount("fedex", "track")).toBe(2);
    } finally {
      await shortLived.close();
    }
  });

  it("answers unknown paths with 404", async () => {
    const response = await fetch(`${server.url}/nothing/here`);
    expect(response.status).toBe(404);
  });

  it("serves thousands of polls quickly", async () => {
    const quiet = await startFakeCarrierServer({ generateInTransit: true, recordRequests: false });
    try {
      const quietOptions = { env: quiet.env };
      const fedex = adapterForSlug("fedex", quietOptions)!;
      const usps = adapterForSlug("usps", quietOptions)!;
      const started = performance.now();
      const fedexRequests = Array.from({ length: 3_000 }, (_, index) => trackRequest("fedex", `61${String(index).padStart(10, "0")}`));
      const uspsRequests = Array.from({ length: 500 }, (_, index) => trackRequest("usps", `9400${String(index).padStart(18, "0")}`));
      const [fedexResults, uspsResults] = await Promise.all([
        fedex.track(fedexRequests, now),
        Promise.all(Array.from({ length: 10 }, (_, slice) => usps.track(uspsRequests.slice(slice * 50, (slice + 1) * 50), now))),
      ]);
      const elapsedMs = performance.now() - started;
      expect(fedexResults.size).toBe(3_000);
      expect(uspsResults.reduce((sum, results) => sum + results.size, 0)).toBe(500);
      expect(quiet.requestCount("fedex", "track")).toBe(100);
      expect(quiet.requests).toHaveLength(0);
      // Generous: the bound catches a server that serialises or stalls, not a slow machine.
      expect(elapsedMs).toBeLessThan(20_000);
    } finally {
      await quiet.close();
    }
  });
});
