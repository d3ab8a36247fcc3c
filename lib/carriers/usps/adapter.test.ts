import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_CREDENTIALS, FIXTURE_NUMBERS, type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { type TrackResult } from "@/lib/carriers/types";
import { createUspsAdapter, type UspsAdapterOptions } from "@/lib/carriers/usps/adapter";
import { parseUspsResponse } from "@/lib/carriers/usps/parse";
import { uspsEventStatus } from "@/lib/carriers/usps/status-map";

let server: FakeCarrierServer;
const numbers = FIXTURE_NUMBERS.usps;
const now = new Date("2025-03-10T00:00:00Z");

beforeAll(async () => {
  server = await startFakeCarrierServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const adapter = (overrides: UspsAdapterOptions = {}) => createUspsAdapter({ baseUrl: server.url, ...FAKE_CREDENTIALS.usps, timeoutMs: 2_000, ...overrides });

async function trackOne(number: string, overrides: UspsAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("usps", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("USPS adapter", () => {
  it("tracks a delivered item, signed, with its facts", async () => {
    const { checkpoints, shipment } = await found(numbers.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.subtag, checkpoint.rawTag])).toEqual([
      ["InfoReceived_001", "GX"],
      ["InTransit_002", "03"],
      ["InTransit_003", "10"],
      ["InTransit_007", "T1"],
      ["InTransit_003", "07"],
      ["OutForDelivery_001", "OF"],
      ["Delivered_003", "01"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({
      message: "Delivered, Left with Individual",
      location: "DENVER, CO, 80202, United States",
      countryIso3: "USA",
    });
    expect(shipment).toMatchObject({
      signedBy: "J SMITH",
      shipmentType: "Priority Mail",
      serviceType: "055",
      shipmentDeliveryDate: "2025-03-06T14:05:00-07:00",
      shipmentPickupDate: "2025-03-04T16:30:00-06:00",
      originCountryIso3: "USA",
      destinationCountryIso3: "USA",
    });
  });

  it("reads a GMTOffset written with a one-digit hour, as USPS's own API example does", async () => {
    const body = {
      trackingNumber: "9400100000000000000001",
      statusCategory: "In Transit",
      trackingEvents: [
        {
          eventType: "Arrived at USPS Regional Facility",
          eventTimestamp: "2024-03-12T08:30:00",
          GMTOffset: "-7:00",
          eventCity: "PHOENIX",
          eventState: "AZ",
          eventCode: "10",
        },
      ],
    };
    const result = parseUspsResponse(body);
    expect(result.kind === "found" && result.checkpoints[0]).toMatchObject({ checkpointTime: "2024-03-12T08:30:00", occurredAt: "2024-03-12T08:30:00-07:00" });
  });

  it("builds the instant from the local time and GMTOffset, ignoring a GMTTimestamp a day off", async () => {
    const { checkpoints } = await found(numbers.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt])).toEqual([
      ["2025-03-03T12:00:00", null],
      ["2025-03-04T16:30:00", "2025-03-04T16:30:00-06:00"],
      ["2025-03-05T03:15:00", "2025-03-05T03:15:00-06:00"],
      ["2025-03-05T23:48:00", "2025-03-05T23:48:00-07:00"],
      ["2025-03-06T06:40:00", "2025-03-06T06:40:00-07:00"],
      ["2025-03-06T08:02:00", "2025-03-06T08:02:00-07:00"],
      ["2025-03-06T14:05:00", "2025-03-06T14:05:00-07:00"],
    ]);
  });

  it("treats a Z on eventTimestamp as local time, and reads the expected delivery", async () => {
    const { checkpoints, shipment } = await found(numbers.inTransit);
    expect(checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt, checkpoint.subtag])).toEqual([
      ["2025-03-05T00:00:00", null, "InfoReceived_001"],
      ["2025-03-06T10:31:00", null, "InTransit_002"],
      ["2025-03-06T22:10:00", "2025-03-06T22:10:00-05:00", "InTransit_003"],
      ["2025-03-07T09:00:00", "2025-03-07T09:00:00-05:00", "InTransit_001"],
    ]);
    expect(checkpoints.at(-1)!.location).toBeNull();
    expect(shipment).toMatchObject({ expectedDelivery: "2025-03-10", shipmentType: "USPS Ground Advantage", signedBy: null });
  });

  it("tracks an exception: a notice left, then a return to sender", async () => {
    const { checkpoints } = await found(numbers.exception);
    expect(checkpoints.slice(-2).map((checkpoint) => checkpoint.subtag)).toEqual(["AttemptFail_001", "Exception_010"]);
  });

  it("answers not_found for the 400 'not yet available' codes", async () => {
    const result = await trackOne(numbers.notFound);
    expect(result).toMatchObject({ kind: "not_found", message: expect.stringContaining("may be incorrect") });
  });

  it("asks for the detailed view with the optional hints", async () => {
    await adapter().track(
      [trackRequest("usps", numbers.delivered, { additionalFields: { tracking_postal_code: "80202", tracking_ship_date: "20250304" } })],
      now,
    );
    const track = server.requests.find((request) => request.endpoint === "track")!;
    expect(track.path).toBe(`/tracking/v3/tracking/${numbers.delivered}?expand=DETAIL&destinationZIPCode=80202&mailingDate=2025-03-04`);
    expect(track.headers.authorization).toMatch(/^Bearer fake-usps-/);
  });

  it("caches the token across calls and refreshes it after expiry or a 401", async () => {
    let clockMs = Date.parse("2025-03-10T00:00:00Z");
    const usps = adapter({ clock: () => clockMs });
    await usps.track([trackRequest("usps", numbers.delivered), trackRequest("usps", numbers.inTransit)], now);
    await usps.track([trackRequest("usps", numbers.exception)], now);
    expect(server.requestCount("usps", "token")).toBe(1);
    clockMs += 8 * 3_600_000;
    await usps.track([trackRequest("usps", numbers.delivered)], now);
    expect(server.requestCount("usps", "token")).toBe(2);
    server.expireTokens("usps");
    await usps.track([trackRequest("usps", numbers.delivered)], now);
    expect(server.requestCount("usps", "token")).toBe(3);
  });

  it("reports invalid client credentials as an auth failure", async () => {
    await expect(trackOne(numbers.delivered, { clientSecret: "wrong" })).rejects.toMatchObject({
      kind: "auth",
      message: expect.stringContaining("invalid_client"),
    });
  });

  it("reports 429 with Retry-After as rate_limited, 5xx and timeouts as unavailable", async () => {
    server.fail("usps", { kind: "rate_limited", retryAfterSeconds: 3600 }, { endpoint: "track", times: 1 });
    await expect(trackOne(numbers.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 3600 });
    server.fail("usps", { kind: "server_error", status: 503 }, { endpoint: "track", times: 1 });
    await expect(trackOne(numbers.delivered)).rejects.toMatchObject({ kind: "unavailable" });
    server.fail("usps", { kind: "slow", delayMs: 400 }, { endpoint: "token", times: 1 });
    await expect(trackOne(numbers.delivered, { timeoutMs: 100 })).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("refuses a token without the tracking scope", async () => {
    const fetchWithoutScope: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith("/oauth2/v3/token")) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, scope: "addresses shipments" }), { status: 200 });
    };
    await expect(trackOne(numbers.delivered, { fetch: fetchWithoutScope })).rejects.toMatchObject({
      kind: "auth",
      message: expect.stringContaining("tracking"),
    });
  });
});

describe("USPS status map", () => {
  it("falls back to statusCategory for the newest event only, then to in transit", () => {
    const category = { signed: false, statusCategory: "Out for Delivery" };
    expect(uspsEventStatus("ZZ", { ...category, newest: true })).toEqual(["OutForDelivery", "OutForDelivery_001"]);
    expect(uspsEventStatus("ZZ", { ...category, newest: false })).toEqual(["InTransit", "InTransit_001"]);
    expect(uspsEventStatus("17", { ...category, newest: true })).toEqual(["Delivered", "Delivered_002"]);
    expect(uspsEventStatus("01", { ...category, newest: true, signed: true })).toEqual(["Delivered", "Delivered_003"]);
  });
});
