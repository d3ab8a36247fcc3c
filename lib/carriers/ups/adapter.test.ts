import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_CREDENTIALS, FIXTURE_NUMBERS, type FakeCarrierServer, loadFixture, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { type TrackResult } from "@/lib/carriers/types";
import { createUpsAdapter, type UpsAdapterOptions } from "@/lib/carriers/ups/adapter";
import { upsActivityStatus } from "@/lib/carriers/ups/status-map";

let server: FakeCarrierServer;
const numbers = FIXTURE_NUMBERS.ups;
const now = new Date("2025-03-10T00:00:00Z");

beforeAll(async () => {
  server = await startFakeCarrierServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const adapter = (overrides: UpsAdapterOptions = {}) => createUpsAdapter({ baseUrl: server.url, ...FAKE_CREDENTIALS.ups, timeoutMs: 2_000, ...overrides });

async function trackOne(number: string, overrides: UpsAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("ups", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("UPS adapter", () => {
  it("tracks a delivered package, signed, with its facts", async () => {
    const { checkpoints, shipment } = await found(numbers.delivered);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual([
      "InfoReceived_001",
      "InTransit_002",
      "InTransit_003",
      "InTransit_007",
      "InTransit_003",
      "OutForDelivery_001",
      "Delivered_003",
    ]);
    expect(checkpoints.at(-1)).toMatchObject({
      message: "DELIVERED",
      rawTag: "KB",
      city: "PORTLAND",
      state: "OR",
      zip: "97205",
      countryIso3: "USA",
      location: "PORTLAND, OR, 97205, United States",
      checkpointTime: "2025-03-05T14:22:00",
      occurredAt: "2025-03-05T14:22:00-08:00",
    });
    expect(shipment).toMatchObject({
      signedBy: "MILLER",
      shipmentType: "UPS Ground",
      shipmentWeight: 4.2,
      shipmentWeightUnit: "lb",
      shipmentPackageCount: 1,
      shipmentPickupDate: "2025-03-03",
      shipmentDeliveryDate: "2025-03-05T14:22:00",
      originCountryIso3: "USA",
      destinationCountryIso3: "USA",
    });
  });

  it("reads local date and time with the GMT offset, and orders across zones by instant", async () => {
    const { checkpoints } = await found(numbers.delivered);
    const departed = checkpoints.find((checkpoint) => checkpoint.subtag === "InTransit_007")!;
    expect(departed).toMatchObject({ checkpointTime: "2025-03-04T23:05:00", occurredAt: "2025-03-04T23:05:00-07:00" });
    const arrivedPortland = checkpoints.findLast((checkpoint) => checkpoint.subtag === "InTransit_003")!;
    expect(arrivedPortland).toMatchObject({ checkpointTime: "2025-03-05T03:30:00", occurredAt: "2025-03-05T03:30:00-08:00" });
  });

  it("handles GMT times without leading zero, missing offsets and missing GMT fields", async () => {
    const { checkpoints, shipment } = await found(numbers.inTransit);
    expect(checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt, checkpoint.subtag])).toEqual([
      ["2025-03-04T16:30:00", null, "InfoReceived_001"],
      ["2025-03-05T09:00:00", "2025-03-05T09:00:00+08:00", "InTransit_002"],
      // UPS files customs releases under type X: the status code keeps them in transit.
      ["2025-03-05T18:10:00", "2025-03-05T18:10:00+08:00", "InTransit_005"],
      ["2025-03-05T22:10:00", "2025-03-05T22:10:00+08:00", "InTransit_007"],
      // gmtOffset missing: derived from the GMT date and time.
      ["2025-03-06T00:35:00", "2025-03-06T00:35:00-05:00", "InTransit_003"],
      // gmtTime "74700" is 07:47:00.
      ["2025-03-06T02:47:00", "2025-03-06T02:47:00-05:00", "InTransit_006"],
    ]);
    expect(shipment).toMatchObject({
      expectedDelivery: "2025-03-10",
      shipmentWeight: 1.5,
      shipmentWeightUnit: "kg",
      originCountryIso3: "CHN",
      destinationCountryIso3: "USA",
      signedBy: null,
      shipmentDeliveryDate: null,
    });
  });

  it("follows UPS Mail Innovations numbers through the same Track API", async () => {
    const request = trackRequest("ups-mi", numbers.delivered);
    expect((await adapter().track([request], now)).get(request.id)).toMatchObject({ kind: "found" });
    expect(adapter().slugs).toContain("ups-mi");
  });

  it("tracks an exception: an attempt, then a refusal", async () => {
    const { checkpoints } = await found(numbers.exception);
    expect(checkpoints.slice(-2).map((checkpoint) => [checkpoint.subtag, checkpoint.rawTag])).toEqual([
      ["AttemptFail_001", "022"],
      ["Exception_003", "RF"],
    ]);
  });

  it("picks the package asked about from a multi-piece shipment", async () => {
    const body = loadFixture("ups", "delivered") as { trackResponse: { shipment: { package: { trackingNumber: string; activity: unknown[] }[] }[] } };
    const [lead] = body.trackResponse.shipment[0]!.package;
    const second = { ...lead!, trackingNumber: "1Z5R89390357567138", activity: lead!.activity.slice(2) };
    body.trackResponse.shipment[0]!.package.push(second);
    server.setAnswer("ups", second.trackingNumber, body);
    const result = await trackOne(second.trackingNumber);
    expect(result.kind === "found" && result.checkpoints.at(-1)!.subtag).toBe("InTransit_003");
  });

  it("answers not_found for warning TW0001 and for an invalid inquiry number", async () => {
    expect(await trackOne(numbers.notFound)).toEqual({ kind: "not_found", message: "Tracking Information Not Found" });
    expect(await trackOne(numbers.invalidNumber)).toEqual({ kind: "not_found", message: "Invalid inquiry number" });
  });

  it("authenticates with Basic client credentials and sends the required headers", async () => {
    await trackOne(numbers.delivered, { accountNumber: "A1B2C3" });
    const [token, track] = server.requests;
    expect(token).toMatchObject({ endpoint: "token", method: "POST" });
    const basic = Buffer.from(`${FAKE_CREDENTIALS.ups.clientId}:${FAKE_CREDENTIALS.ups.clientSecret}`).toString("base64");
    expect(token!.headers.authorization).toBe(`Basic ${basic}`);
    expect(token!.headers["x-merchant-id"]).toBe("A1B2C3");
    expect(track!.headers.authorization).toMatch(/^Bearer fake-ups-/);
    expect(track!.headers.transid).toMatch(/^[0-9a-f]{32}$/);
    expect(track!.headers.transactionsrc).toBe("waybill");
    expect(track!.path).toContain(`/api/track/v1/details/${numbers.delivered}?locale=en_US`);
  });

  it("caches the token across calls and refreshes it after expiry", async () => {
    let clockMs = Date.parse("2025-03-10T00:00:00Z");
    const ups = adapter({ clock: () => clockMs });
    await ups.track([trackRequest("ups", numbers.delivered)], now);
    await ups.track([trackRequest("ups", numbers.inTransit), trackRequest("ups", numbers.exception)], now);
    expect(server.requestCount("ups", "token")).toBe(1);
    expect(server.requestCount("ups", "track")).toBe(3);
    clockMs += 4 * 3_600_000;
    await ups.track([trackRequest("ups", numbers.delivered)], now);
    expect(server.requestCount("ups", "token")).toBe(2);
  });

  it("fetches a new token once when UPS rejects the cached one", async () => {
    const ups = adapter();
    await ups.track([trackRequest("ups", numbers.delivered)], now);
    server.expireTokens("ups");
    const request = trackRequest("ups", numbers.delivered);
    expect((await ups.track([request], now)).get(request.id)!.kind).toBe("found");
    expect(server.requestCount("ups", "token")).toBe(2);
    expect(server.requestCount("ups", "track")).toBe(3);
  });

  it("reports refused credentials as an auth failure without calling the tracking endpoint", async () => {
    await expect(trackOne(numbers.delivered, { clientSecret: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    expect(server.requestCount("ups", "track")).toBe(0);
  });

  it("reports a tracking endpoint that keeps answering 401 as an auth failure after one retry", async () => {
    server.fail("ups", { kind: "auth" }, { endpoint: "track" });
    await expect(trackOne(numbers.delivered)).rejects.toMatchObject({ kind: "auth" });
    expect(server.requestCount("ups", "track")).toBe(2);
  });

  it("reports 429 as rate_limited, on the token endpoint too", async () => {
    server.fail("ups", { kind: "rate_limited", retryAfterSeconds: 7 }, { endpoint: "track", times: 1 });
    await expect(trackOne(numbers.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 7 });
    server.fail("ups", { kind: "rate_limited", retryAfterSeconds: 9 }, { endpoint: "token", times: 1 });
    await expect(trackOne(numbers.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 9 });
  });

  it("reports server errors and timeouts as unavailable", async () => {
    server.fail("ups", { kind: "server_error" }, { endpoint: "track", times: 1 });
    await expect(trackOne(numbers.delivered)).rejects.toMatchObject({ kind: "unavailable" });
    server.fail("ups", { kind: "slow", delayMs: 400 }, { endpoint: "track", times: 1 });
    await expect(trackOne(numbers.delivered, { timeoutMs: 100 })).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("uses a courier connection's credentials, in either field style", async () => {
    const request = trackRequest("ups", numbers.delivered, {
      credentials: { client_id: FAKE_CREDENTIALS.ups.clientId, clientSecret: FAKE_CREDENTIALS.ups.clientSecret },
    });
    const results = await adapter({ clientId: "server-id", clientSecret: "server-secret" }).track([request], now);
    expect(results.get(request.id)!.kind).toBe("found");
  });
});

describe("UPS status map", () => {
  it("checks the status code before the activity type", () => {
    expect(upsActivityStatus({ type: "X", statusCode: "014" }, false)).toEqual(["InTransit", "InTransit_005"]);
    expect(upsActivityStatus({ type: "X", statusCode: "999" }, false)).toEqual(["Exception", "Exception_001"]);
    expect(upsActivityStatus({ type: "I", code: "DP", statusCode: "005" }, false)).toEqual(["InTransit", "InTransit_007"]);
    expect(upsActivityStatus({ type: "D", statusCode: "011" }, false)).toEqual(["Delivered", "Delivered_001"]);
    expect(upsActivityStatus({ type: "I", statusCode: "097" }, false)).toBeNull();
    expect(upsActivityStatus({ type: "NA" }, false)).toBeNull();
  });
});

describe("UPS access tokens", () => {
  it("are never shared between connections with the same client id and another secret", async () => {
    const shared = adapter({ clientId: undefined, clientSecret: undefined });
    const owner = trackRequest("ups", numbers.delivered, {
      credentials: { client_id: FAKE_CREDENTIALS.ups.clientId, client_secret: FAKE_CREDENTIALS.ups.clientSecret },
    });
    expect((await shared.track([owner], now)).get(owner.id)?.kind).toBe("found");
    const impostor = trackRequest("ups", numbers.delivered, { credentials: { client_id: FAKE_CREDENTIALS.ups.clientId, client_secret: "any-other-secret" } });
    await expect(shared.track([impostor], now)).rejects.toMatchObject({ kind: "auth" });
  });
});
