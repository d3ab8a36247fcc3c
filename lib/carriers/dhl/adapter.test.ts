import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDhlAdapter } from "@/lib/carriers/dhl/adapter";
import { dhlEventStatus } from "@/lib/carriers/dhl/status-map";
import { FAKE_CREDENTIALS, FIXTURE_NUMBERS, type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { CarrierError, type TrackRequest, type TrackResult } from "@/lib/carriers/types";

let server: FakeCarrierServer;
const numbers = FIXTURE_NUMBERS.dhl;
const now = new Date("2025-03-10T00:00:00Z");

beforeAll(async () => {
  server = await startFakeCarrierServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const adapter = (overrides = {}) => createDhlAdapter({ baseUrl: server.url, apiKey: FAKE_CREDENTIALS.dhl.apiKey, timeoutMs: 2_000, ...overrides });

async function trackOne(request: TrackRequest, overrides = {}): Promise<TrackResult> {
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string, slug = "dhl") {
  const result = await trackOne(trackRequest(slug, number));
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("DHL adapter", () => {
  it("tracks a delivered express shipment, signed, with its facts", async () => {
    const { checkpoints, shipment } = await found(numbers.delivered);
    expect(checkpoints.at(-1)).toMatchObject({
      tag: "Delivered",
      subtag: "Delivered_003",
      subtagMessage: "Sign by customer",
      message: "Delivered - Signed for by: K. ALVAREZ",
      rawTag: "delivered",
      city: "NEW YORK CITY GATEWAY - USA",
      zip: "10001",
      countryIso3: "USA",
    });
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual([
      "InfoReceived_001",
      "InTransit_002",
      "InTransit_003",
      "InTransit_007",
      "InTransit_003",
      "InTransit_005",
      "InTransit_003",
      "OutForDelivery_001",
      "Delivered_003",
    ]);
    expect(shipment).toMatchObject({
      signedBy: "K. ALVAREZ",
      shipmentType: "EXPRESS WORLDWIDE",
      serviceType: "express",
      shipmentWeight: 2.4,
      shipmentWeightUnit: "kg",
      shipmentPackageCount: 1,
      expectedDelivery: "2025-03-04",
      shipmentDeliveryDate: "2025-03-04T11:42:00-05:00",
      shipmentPickupDate: "2025-03-02T16:20:00+01:00",
      originCountryIso3: "DEU",
      destinationCountryIso3: "USA",
    });
  });

  it("keeps local time and offset apart, and orders by instant across time zones", async () => {
    const { checkpoints } = await found(numbers.delivered);
    const departed = checkpoints.find((checkpoint) => checkpoint.message.startsWith("Departed Facility in LEIPZIG"))!;
    const arrived = checkpoints.find((checkpoint) => checkpoint.message.startsWith("Arrived at DHL Sort Facility NEW YORK"))!;
    expect(departed).toMatchObject({ checkpointTime: "2025-03-03T09:30:00", occurredAt: "2025-03-03T09:30:00+01:00" });
    expect(arrived).toMatchObject({ checkpointTime: "2025-03-03T06:45:00", occurredAt: "2025-03-03T06:45:00-05:00" });
    // 06:45 in New York is after 09:30 in Leipzig the same day.
    expect(checkpoints.indexOf(arrived)).toBeGreaterThan(checkpoints.indexOf(departed));
    expect(checkpoints[0]).toMatchObject({ checkpointTime: "2025-03-01T10:05:00", occurredAt: "2025-03-01T10:05:00Z", location: null });
  });

  it("tracks an in-transit parcel-de shipment with local times only, without repeats", async () => {
    const { checkpoints, shipment } = await found(numbers.inTransit, "dhl-germany");
    expect(checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt, checkpoint.subtag])).toEqual([
      ["2025-03-04T16:17:00", null, "InTransit_002"],
      ["2025-03-04T16:21:00", null, "InfoReceived_001"],
      ["2025-03-04T19:48:00", null, "InTransit_001"],
      ["2025-03-05T04:12:00", null, "InTransit_003"],
    ]);
    expect(shipment.signedBy).toBeNull();
    expect(shipment.shipmentDeliveryDate).toBeNull();
    const request = server.requests.find((recorded) => recorded.endpoint === "track")!;
    expect(request.path).toContain("service=parcel-de");
    expect(request.path).toContain("language=en");
    expect(request.headers["dhl-api-key"]).toBe(FAKE_CREDENTIALS.dhl.apiKey);
  });

  it("tracks an exception: an attempt, then a return to sender", async () => {
    const { checkpoints } = await found(numbers.exception);
    expect(checkpoints.slice(-2).map((checkpoint) => checkpoint.subtag)).toEqual(["AttemptFail_001", "Exception_010"]);
  });

  it("answers not_found for a 404 without failing the call", async () => {
    const result = await trackOne(trackRequest("dhl", numbers.notFound));
    expect(result).toEqual({ kind: "not_found", message: "No result found: No shipment with given tracking number found." });
  });

  it("asks the DHL division of catalogue slugs beyond DHL's own: Deutsche Post letters, Benelux, Iberia, Hong Kong", async () => {
    for (const [slug, service] of [
      ["deutsch-post", "post-de"],
      ["dhl-nl", "parcel-nl"],
      ["dhlparcel-es", "ecommerce-iberia"],
      ["dhl-hk", "express"],
    ]) {
      server.requests.length = 0;
      await found(numbers.inTransit, slug);
      expect(server.requests[0]!.path).toContain(`service=${service}`);
    }
  });

  it("sends the optional hints DHL accepts", async () => {
    await trackOne(
      trackRequest("dhl-api", numbers.inTransit, {
        additionalFields: { tracking_postal_code: "53113", tracking_origin_country: "DEU" },
      }),
    );
    const path = server.requests[0]!.path;
    expect(path).toContain("recipientPostalCode=53113");
    expect(path).toContain("originCountryCode=DE");
    expect(path).not.toContain("service=");
  });

  it("uses the courier connection's API key over the server default", async () => {
    const request = trackRequest("dhl", numbers.delivered, { credentials: { api_key: FAKE_CREDENTIALS.dhl.apiKey } });
    const result = await trackOne(request, { apiKey: "server-default-key" });
    expect(result.kind).toBe("found");
    expect(server.requests[0]!.headers["dhl-api-key"]).toBe(FAKE_CREDENTIALS.dhl.apiKey);
  });

  it("reports a rejected API key as an auth failure", async () => {
    await expect(adapter({ apiKey: "wrong" }).track([trackRequest("dhl", numbers.delivered)], now)).rejects.toMatchObject({
      name: "CarrierError",
      kind: "auth",
    });
    await expect(adapter({ apiKey: undefined }).track([trackRequest("dhl", numbers.delivered)], now)).rejects.toMatchObject({
      kind: "auth",
    });
  });

  it("reports 429 as rate_limited with Retry-After", async () => {
    server.fail("dhl", { kind: "rate_limited", retryAfterSeconds: 42 });
    const error = await adapter()
      .track([trackRequest("dhl", numbers.delivered)], now)
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 42 });
  });

  it("reports 5xx and timeouts as unavailable", async () => {
    server.fail("dhl", { kind: "server_error", status: 503 }, { times: 1 });
    await expect(adapter().track([trackRequest("dhl", numbers.delivered)], now)).rejects.toMatchObject({ kind: "unavailable" });
    server.fail("dhl", { kind: "slow", delayMs: 500 }, { times: 1 });
    await expect(adapter({ timeoutMs: 100 }).track([trackRequest("dhl", numbers.delivered)], now)).rejects.toMatchObject({
      kind: "unavailable",
      message: expect.stringContaining("100 ms"),
    });
  });

  it("throttles client-side per API key when a rate limit is configured", async () => {
    const limited = adapter({ rateLimit: { points: 1, durationSeconds: 60 } });
    await limited.track([trackRequest("dhl", numbers.delivered)], now);
    const error = await limited.track([trackRequest("dhl", numbers.delivered)], now).catch((caught) => caught);
    expect(error).toMatchObject({ kind: "rate_limited" });
    expect(error.retryAfterSeconds).toBeGreaterThan(50);
    expect(server.requestCount("dhl")).toBe(1);
  });
});

describe("DHL status map", () => {
  it("refines only the codes a rule is written for", () => {
    // DHL's own example pairs "pre-transit" with the text "DELIVERED": the code wins.
    expect(dhlEventStatus("pre-transit", "DELIVERED", false)).toEqual(["InfoReceived", "InfoReceived_001"]);
    expect(dhlEventStatus("delivered", "Delivered to a parcel locker (Packstation)", false)).toEqual(["AvailableForPickup", "AvailableForPickup_001"]);
    expect(dhlEventStatus("delivered", "The shipment has been picked up by the recipient", true)).toEqual(["Delivered", "Delivered_002"]);
    expect(dhlEventStatus("failure", "Delivery refused by the recipient", false)).toEqual(["Exception", "Exception_003"]);
    expect(dhlEventStatus("failure", "Something went wrong", false)).toEqual(["Exception", "Exception_001"]);
    expect(dhlEventStatus("unknown", "whatever", false)).toBeNull();
    expect(dhlEventStatus("constructor", "whatever", false)).toBeNull();
  });
});
