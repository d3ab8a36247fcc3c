import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakePurolatorServer, PUROLATOR_CREDENTIALS, PUROLATOR_NUMBERS, startFakePurolatorServer } from "@/testing/carriers/fake-purolator-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { CarrierError, type TrackResult } from "@/lib/carriers/types";
import { createPurolatorAdapter, type PurolatorAdapterOptions } from "./adapter";
import { PUROLATOR_KEYWORD_RULES } from "./status-map";

let server: FakePurolatorServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakePurolatorServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: PurolatorAdapterOptions = {}) =>
  createPurolatorAdapter({ baseUrl: server.url, ...PUROLATOR_CREDENTIALS, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: PurolatorAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("purolator", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("Purolator adapter (Tracking Web Service TrackPackagesByPin)", () => {
  it("tracks a delivered, signed shipment oldest scan first, refining the coarse scan types by description", async () => {
    const { checkpoints, shipment } = await found(PUROLATOR_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["Undeliverable", "InfoReceived_001"],
      ["Other", "InTransit_002"],
      ["Other", "InTransit_007"],
      ["Other", "InTransit_003"],
      ["OnDelivery", "OutForDelivery_001"],
      ["Delivery", "Delivered_003"],
    ]);
    expect(checkpoints[0]!.location).toBeNull();
    expect(checkpoints.at(-1)).toMatchObject({
      message: "Shipment delivered to",
      location: "KELOWNA, BC",
      city: "KELOWNA",
      state: "BC",
      countryIso3: "CAN",
      checkpointTime: "2026-03-04T14:22:10",
      occurredAt: null,
    });
    expect(shipment).toMatchObject({ signedBy: "M TREMBLAY", originCountryIso3: "CAN", shipmentDeliveryDate: "2026-03-04T14:22:10" });
    const basic = `Basic ${Buffer.from(`${PUROLATOR_CREDENTIALS.apiKey}:${PUROLATOR_CREDENTIALS.password}`).toString("base64")}`;
    expect(server.lastHeaders).toMatchObject({ authorization: basic, soapaction: '"http://purolator.com/pws/service/v1/TrackPackagesByPin"' });
    expect(server.lastRequestContext).toMatchObject({ Version: "1.2", Language: "en" });
    expect(server.lastRequestContext).not.toHaveProperty("UserToken");
  });

  it("keeps a scan's local time as given, without an offset, even in the hour clocks skip", async () => {
    const { checkpoints } = await found(PUROLATOR_NUMBERS.inTransit);
    // 02:30 on 8 March 2026 does not exist in Toronto (clocks jump from 02:00 to 03:00): Purolator's stamp is kept, not shifted.
    expect(checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt, checkpoint.subtag])).toEqual([
      ["2026-03-07T09:00:00", null, "InfoReceived_001"],
      ["2026-03-07T15:45:00", null, "InTransit_002"],
      ["2026-03-07T23:30:00", null, "InTransit_007"],
      ["2026-03-08T02:30:00", null, "InTransit_003"],
    ]);
    expect(checkpoints[1]).toMatchObject({ city: "MONTREAL SORT CTR/CTR TRIE", state: "PQ", countryIso3: "CAN" });
  });

  it("tracks an attempt at a closed business, the counter pickup and the return to sender", async () => {
    const { checkpoints } = await found(PUROLATOR_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual([
      "InTransit_003",
      "OutForDelivery_001",
      "AttemptFail_003",
      "AvailableForPickup_001",
      "Exception_010",
    ]);
  });

  it("reports a PIN Purolator has no scans for as not found, with Purolator's reason", async () => {
    expect(await trackOne(PUROLATOR_NUMBERS.notFound)).toEqual({ kind: "not_found", message: "No tracking information is available for this PIN." });
  });

  it("asks for up to ten PINs in one call and reads each PIN's answer", async () => {
    const numbers = [
      PUROLATOR_NUMBERS.delivered,
      PUROLATOR_NUMBERS.inTransit,
      PUROLATOR_NUMBERS.exception,
      PUROLATOR_NUMBERS.notFound,
      ...Array.from({ length: 6 }, (_, i) => `33550000100${i}`),
    ];
    const requests = numbers.map((number) => trackRequest("purolator-api", number));
    const results = await adapter().track(requests, now);
    expect(server.calls).toEqual([numbers]);
    expect(requests.map((request) => results.get(request.id)!.kind)).toEqual(["found", "found", "found", ...Array(7).fill("not_found")]);
    expect(adapter().batchSize).toBe(10);
  });

  it("splits a larger poll batch into calls of ten, and never mixes two connections in one call", async () => {
    const requests = Array.from({ length: 20 }, (_, i) => trackRequest("purolator", `3355000020${String(i).padStart(2, "0")}`));
    await adapter().track(requests, now);
    expect(server.calls.map((pins) => pins.length)).toEqual([10, 10]);

    server.reset();
    // Same key and password, but the connection's own user token: another account context.
    const connection = { api_key: PUROLATOR_CREDENTIALS.apiKey, password: PUROLATOR_CREDENTIALS.password, token: "fake-user-token" };
    const mixed = [trackRequest("purolator", PUROLATOR_NUMBERS.delivered), trackRequest("purolator", PUROLATOR_NUMBERS.inTransit, { credentials: connection })];
    const results = await adapter().track(mixed, now);
    expect([...server.calls].sort()).toEqual([[PUROLATOR_NUMBERS.delivered], [PUROLATOR_NUMBERS.inTransit]]);
    expect(mixed.map((request) => results.get(request.id)!.kind)).toEqual(["found", "found"]);
    await adapter().track([trackRequest("purolator", PUROLATOR_NUMBERS.inTransit, { credentials: connection })], now);
    expect(server.lastRequestContext).toMatchObject({ UserToken: "fake-user-token" });
  });

  it("fails the call as auth when Purolator refuses the key, and tests a connection's key with one call", async () => {
    await expect(trackOne(PUROLATOR_NUMBERS.delivered, { password: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ api_key: PUROLATOR_CREDENTIALS.apiKey, password: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ api_key: PUROLATOR_CREDENTIALS.apiKey, password: PUROLATOR_CREDENTIALS.password })).resolves.toBeUndefined();
  });

  it("reports a long rate limit to the caller with its Retry-After, and a failing Purolator as unavailable", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 90 });
    const error = await trackOne(PUROLATOR_NUMBERS.delivered).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 90 });
    expect(sleeps).toEqual([]);

    server.failWith({ kind: "server_error" });
    await expect(trackOne(PUROLATOR_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("matches keyword rules against lower-cased descriptions", () => {
    for (const rule of PUROLATOR_KEYWORD_RULES) expect(rule.match.source).toBe(rule.match.source.toLowerCase());
  });
});
