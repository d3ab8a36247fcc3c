import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFedexAdapter, type FedexAdapterOptions } from "@/lib/carriers/fedex/adapter";
import { parseFedexResponse } from "@/lib/carriers/fedex/parse";
import { fedexScanStatus } from "@/lib/carriers/fedex/status-map";
import { FAKE_CREDENTIALS, FIXTURE_NUMBERS, type FakeCarrierServer, loadFixture, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { type TrackResult } from "@/lib/carriers/types";

let server: FakeCarrierServer;
const numbers = FIXTURE_NUMBERS.fedex;
const now = new Date("2025-03-10T00:00:00Z");

beforeAll(async () => {
  server = await startFakeCarrierServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const adapter = (overrides: FedexAdapterOptions = {}) => createFedexAdapter({ baseUrl: server.url, ...FAKE_CREDENTIALS.fedex, timeoutMs: 2_000, ...overrides });

async function trackOne(number: string, overrides: FedexAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("fedex", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("FedEx adapter", () => {
  it("tracks a delivered shipment, signed, with its facts", async () => {
    const { checkpoints, shipment } = await found(numbers.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.subtag, checkpoint.rawTag])).toEqual([
      ["InfoReceived_001", "OC"],
      ["InTransit_002", "PU"],
      ["InTransit_003", "AR"],
      ["InTransit_007", "DP"],
      ["InTransit_003", "AR"],
      ["OutForDelivery_001", "OD"],
      ["Delivered_003", "DL"],
    ]);
    expect(shipment).toMatchObject({
      signedBy: "R.NGUYEN",
      shipmentType: "FedEx 2Day",
      serviceType: "FEDEX_2_DAY",
      shipmentWeight: 5,
      shipmentWeightUnit: "lb",
      shipmentPackageCount: 1,
      shipmentPickupDate: "2025-03-04T17:30:00-06:00",
      shipmentDeliveryDate: "2025-03-06T10:14:00-08:00",
      originCountryIso3: "USA",
      destinationCountryIso3: "USA",
    });
  });

  it("keeps FedEx offsets, reads the sandbox's '-0500' form, and leaves offset-less times local", async () => {
    const { checkpoints } = await found(numbers.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt])).toEqual([
      ["2025-03-04T00:00:00", null],
      ["2025-03-04T17:30:00", "2025-03-04T17:30:00-06:00"],
      ["2025-03-04T22:30:00", "2025-03-04T22:30:00-06:00"],
      ["2025-03-05T04:12:00", "2025-03-05T04:12:00-06:00"],
      ["2025-03-06T06:40:00", "2025-03-06T06:40:00-08:00"],
      ["2025-03-06T07:58:00", "2025-03-06T07:58:00-08:00"],
      ["2025-03-06T10:14:00", "2025-03-06T10:14:00-08:00"],
    ]);
    expect(checkpoints[0]!.location).toBeNull();
  });

  it("picks the most recently scanned result of a reused number", async () => {
    const { checkpoints, shipment } = await found(numbers.inTransit);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual(["InfoReceived_001", "InTransit_002", "InTransit_007", "InTransit_003"]);
    expect(shipment).toMatchObject({ signedBy: null, expectedDelivery: "2025-03-10", shipmentType: "FedEx Ground" });
  });

  it("refines delivery exceptions by exception code", async () => {
    const { checkpoints } = await found(numbers.exception);
    expect(checkpoints.slice(-2).map((checkpoint) => [checkpoint.subtag, checkpoint.message])).toEqual([
      ["AttemptFail_002", "Delivery exception: Customer not available or business closed"],
      ["Exception_007", "Delivery exception: Incorrect address"],
    ]);
  });

  it("keeps the scans of a result that also carries an error, as FedEx's own API example does", () => {
    const body = {
      output: {
        completeTrackResults: [
          {
            trackingNumber: "123456789012",
            trackResults: [
              {
                trackingNumberInfo: { trackingNumber: "123456789012", carrierCode: "FDXE" },
                error: { code: "TRACKING.DATA.NOTFOUND", message: "Tracking data unavailable" },
                scanEvents: [
                  {
                    date: "2018-02-02T12:01:00-07:00",
                    eventType: "PU",
                    eventDescription: "Picked up",
                    derivedStatusCode: "PU",
                    scanLocation: { city: "SEATTLE", stateOrProvinceCode: "WA", countryCode: "US" },
                  },
                ],
              },
            ],
          },
        ],
      },
    };
    const result = parseFedexResponse(body).get("123456789012")!;
    expect(result.kind).toBe("found");
    expect(result.kind === "found" && result.checkpoints.map((checkpoint) => checkpoint.occurredAt)).toEqual(["2018-02-02T12:01:00-07:00"]);
  });

  it("answers not_found from the per-number error inside a 200", async () => {
    expect(await trackOne(numbers.notFound)).toEqual({
      kind: "not_found",
      message: "Tracking number cannot be found. Please correct the tracking number and try again.",
    });
  });

  it("matches a lone answer to a lone question even when FedEx spells the number differently", async () => {
    const delivered = loadFixture("fedex", "delivered") as { output: { completeTrackResults: { trackingNumber: string }[] } };
    delivered.output.completeTrackResults[0]!.trackingNumber = "1001901781810009999900794612345671";
    server.setAnswer("fedex", "9999000000001", delivered);
    expect((await trackOne("9999000000001")).kind).toBe("found");
  });

  it("sends 31 numbers in two calls of 30 and 1, each number answered", async () => {
    const requests = [
      trackRequest("fedex", numbers.delivered),
      trackRequest("fedex", numbers.notFound),
      ...Array.from({ length: 29 }, (_, index) => trackRequest("fedex", `60000000${String(index).padStart(4, "0")}`)),
    ];
    const results = await adapter().track(requests, now);
    expect(server.requestCount("fedex", "track")).toBe(2);
    expect(server.requestCount("fedex", "token")).toBe(1);
    expect(server.requests.filter((request) => request.endpoint === "track").map((request) => request.trackingNumbers.length)).toEqual(
      expect.arrayContaining([30, 1]),
    );
    expect(results.size).toBe(31);
    expect(results.get(requests[0]!.id)!.kind).toBe("found");
    expect([...results.values()].filter((result) => result.kind === "not_found")).toHaveLength(30);
  });

  it("posts the documented body and headers, with the ship-date window when known", async () => {
    await adapter().track([trackRequest("fedex", numbers.delivered, { additionalFields: { tracking_ship_date: "20250304" } })], now);
    const [token, track] = server.requests;
    expect(token!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(token!.body!))).toEqual({
      grant_type: "client_credentials",
      client_id: FAKE_CREDENTIALS.fedex.clientId,
      client_secret: FAKE_CREDENTIALS.fedex.clientSecret,
    });
    expect(track!.headers.authorization).toMatch(/^Bearer fake-fedex-/);
    expect(track!.headers["x-locale"]).toBe("en_US");
    expect(JSON.parse(track!.body!)).toEqual({
      includeDetailedScans: true,
      trackingInfo: [
        {
          trackingNumberInfo: { trackingNumber: numbers.delivered },
          shipDateBegin: "2025-03-04",
          shipDateEnd: "2025-04-03",
        },
      ],
    });
  });

  it("groups numbers by courier connection: one token and one call per connection", async () => {
    const merchant = { clientId: "merchant-id", clientSecret: "merchant-secret" };
    server.acceptCredentials("fedex", merchant);
    await adapter().track(
      [trackRequest("fedex", numbers.delivered), trackRequest("fedex", numbers.exception, { credentials: merchant }), trackRequest("fedex", numbers.inTransit)],
      now,
    );
    expect(server.requestCount("fedex", "track")).toBe(2);
    expect(server.requestCount("fedex", "token")).toBe(2);
    const batches = server.requests.filter((request) => request.endpoint === "track").map((request) => request.trackingNumbers);
    expect(batches).toEqual(expect.arrayContaining([[numbers.delivered, numbers.inTransit], [numbers.exception]]));
  });

  it("caches the token across calls, refreshes after expiry and after a 401", async () => {
    let clockMs = Date.parse("2025-03-10T00:00:00Z");
    const fedex = adapter({ clock: () => clockMs });
    await fedex.track([trackRequest("fedex", numbers.delivered)], now);
    await fedex.track([trackRequest("fedex", numbers.delivered)], now);
    expect(server.requestCount("fedex", "token")).toBe(1);
    clockMs += 3_600_000;
    await fedex.track([trackRequest("fedex", numbers.delivered)], now);
    expect(server.requestCount("fedex", "token")).toBe(2);
    server.expireTokens();
    await fedex.track([trackRequest("fedex", numbers.delivered)], now);
    expect(server.requestCount("fedex", "token")).toBe(3);
  });

  it("reports refused credentials as auth, 429 as rate_limited, 5xx and timeouts as unavailable", async () => {
    await expect(trackOne(numbers.delivered, { clientId: "nope" })).rejects.toMatchObject({ kind: "auth" });
    server.fail("fedex", { kind: "rate_limited", retryAfterSeconds: 11 }, { endpoint: "track", times: 1 });
    await expect(trackOne(numbers.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 11 });
    server.fail("fedex", { kind: "server_error", status: 503 }, { endpoint: "track", times: 1 });
    await expect(trackOne(numbers.delivered)).rejects.toMatchObject({ kind: "unavailable" });
    server.fail("fedex", { kind: "slow", delayMs: 400 }, { times: 1 });
    await expect(trackOne(numbers.delivered, { timeoutMs: 100 })).rejects.toMatchObject({ kind: "unavailable" });
  });
});

describe("FedEx status map", () => {
  it("maps event types, refines DE, and tells delays from delivery updates", () => {
    expect(fedexScanStatus({ eventType: "DE", exceptionCode: "A47" }, false)).toEqual(["InTransit", "InTransit_009"]);
    expect(fedexScanStatus({ eventType: "DE", exceptionCode: "999" }, false)).toEqual(["AttemptFail", "AttemptFail_001"]);
    expect(fedexScanStatus({ eventType: "DY", eventDescription: "Delay" }, false)).toEqual(["Exception", "Exception_005"]);
    expect(fedexScanStatus({ eventType: "DY", eventDescription: "Delivery updated" }, false)).toBeNull();
    expect(fedexScanStatus({ eventType: "RP" }, false)).toBeNull();
    expect(fedexScanStatus({ eventType: "ZZ", derivedStatusCode: "OD" }, false)).toEqual(["OutForDelivery", "OutForDelivery_001"]);
    expect(fedexScanStatus({ eventType: "DL" }, true)).toEqual(["Delivered", "Delivered_003"]);
  });
});
