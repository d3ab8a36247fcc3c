import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeGlsServer, GLS_CREDENTIALS, GLS_NUMBERS, GLS_TOKEN_LIFETIME_SECONDS, startFakeGlsServer } from "@/testing/carriers/fake-gls-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { type TrackResult } from "@/lib/carriers/types";
import { createGlsAdapter, type GlsAdapterOptions } from "./adapter";

let server: FakeGlsServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];
let clockMs = now.getTime();

beforeAll(async () => {
  server = await startFakeGlsServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
  clockMs = now.getTime();
});

const adapter = (overrides: GlsAdapterOptions = {}) =>
  createGlsAdapter({
    baseUrl: server.url,
    ...GLS_CREDENTIALS,
    timeoutMs: 2_000,
    clock: () => clockMs,
    sleep: async (ms) => void sleeps.push(ms),
    ...overrides,
  });

async function trackOne(number: string, overrides: GlsAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("gls", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("GLS adapter (Track And Trace V1)", () => {
  it("tracks a delivered parcel with a bearer token, oldest event first, by GLS's event codes", async () => {
    const { checkpoints, shipment } = await found(GLS_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["INTIAL.PREADVICE", "InfoReceived_001"],
      ["INTIAL.NORMAL", "InTransit_002"],
      ["OUTBOD.NORMAL", "InTransit_007"],
      ["INBOUD.NORMAL", "InTransit_003"],
      ["OUTDEL.NORMAL", "OutForDelivery_001"],
      ["DELIVD.NORMAL", "Delivered_001"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({
      message: "The parcel has been delivered.",
      location: "Hamburg, 20095, Germany",
      city: "Hamburg",
      zip: "20095",
      countryIso3: "DEU",
      checkpointTime: "2026-03-05T13:12:45",
      occurredAt: "2026-03-05T13:12:45+01:00",
    });
    expect(checkpoints[0]!.location).toBe("Germany");
    expect(shipment).toMatchObject({
      originCountryIso3: "DEU",
      courierDestinationCountryIso3: "DEU",
      shipmentPickupDate: "2026-03-04T17:55:10+01:00",
      shipmentDeliveryDate: "2026-03-05T13:12:45+01:00",
    });
    expect(server.lastHeaders).toMatchObject({ authorization: "Bearer fake-gls-token-1", "accept-language": "EN" });
  });

  it("keeps each scan's own offset and orders by the instant: a Lisbon change at 23:40 came after a Frankfurt departure at 00:20", async () => {
    const { checkpoints } = await found(GLS_NUMBERS.inTransit);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual([
      "InfoReceived_001",
      "InTransit_002",
      "InTransit_003",
      "InTransit_007",
      "InTransit_009",
    ]);
    // 00:20+01:00 is 23:20Z, twenty minutes before 23:40+00:00, though its wall-clock date is later.
    expect(checkpoints.slice(-2).map((checkpoint) => [checkpoint.countryIso3, checkpoint.checkpointTime, checkpoint.occurredAt])).toEqual([
      ["DEU", "2026-03-05T00:20:00", "2026-03-05T00:20:00+01:00"],
      ["PRT", "2026-03-04T23:40:00", "2026-03-04T23:40:00+00:00"],
    ]);
  });

  it("tracks a parcel whose data GLS deleted before pickup as an exception", async () => {
    const { checkpoints } = await found(GLS_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.tag])).toEqual([
      ["INTIAL.PREADVICE", "InfoReceived"],
      ["INTIAL.E48_DATA", "InfoReceived"],
      ["CANCEL.NORMAL", "Exception"],
    ]);
    expect(checkpoints.at(-1)!.subtag).toBe("Exception_001");
  });

  it("reports a number GLS does not know as not found, beside found ones in the same call", async () => {
    const requests = [trackRequest("gls", GLS_NUMBERS.notFound), trackRequest("gls-netherlands", GLS_NUMBERS.delivered)];
    const results = await adapter().track(requests, now);
    expect(server.calls).toEqual([[GLS_NUMBERS.notFound, GLS_NUMBERS.delivered]]);
    expect(results.get(requests[0]!.id)).toEqual({ kind: "not_found", message: "Resource Not Found" });
    expect(results.get(requests[1]!.id)!.kind).toBe("found");
  });

  it("splits a larger poll batch into calls of ten", async () => {
    const requests = Array.from({ length: 23 }, (_, i) => trackRequest("gls", `2026100${String(i).padStart(4, "0")}`));
    const results = await adapter().track(requests, now);
    expect(server.calls.map((numbers) => numbers.length)).toEqual([10, 10, 3]);
    expect(results.size).toBe(23);
    expect(adapter().batchSize).toBe(10);
  });

  it("caches the token across calls, fetches a new one after it expires, and once when GLS revokes it", async () => {
    const gls = adapter();
    await gls.track([trackRequest("gls", GLS_NUMBERS.delivered)], now);
    await gls.track([trackRequest("gls", GLS_NUMBERS.inTransit)], now);
    expect(server.tokenRequests).toBe(1);
    expect(server.calls).toHaveLength(2);

    clockMs += GLS_TOKEN_LIFETIME_SECONDS * 1000;
    await gls.track([trackRequest("gls", GLS_NUMBERS.delivered)], now);
    expect(server.tokenRequests).toBe(2);

    server.revokeTokens();
    const request = trackRequest("gls", GLS_NUMBERS.delivered);
    expect((await gls.track([request], now)).get(request.id)!.kind).toBe("found");
    expect(server.tokenRequests).toBe(3);
    expect(server.calls).toHaveLength(5);
  });

  it("fails the call as auth for credentials GLS refuses, and tests a connection's with one token request", async () => {
    await expect(trackOne(GLS_NUMBERS.delivered, { clientSecret: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    expect(server.calls).toEqual([]);
    await expect(adapter().testCredentials!({ client_id: GLS_CREDENTIALS.clientId, client_secret: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    server.reset();
    await expect(adapter().testCredentials!({ client_id: GLS_CREDENTIALS.clientId, client_secret: GLS_CREDENTIALS.clientSecret })).resolves.toBeUndefined();
    expect(server.tokenRequests).toBe(1);
    // A token GLS keeps refusing (the app lacks Track And Trace) is an auth failure too.
    server.failWith({ kind: "auth" });
    await expect(trackOne(GLS_NUMBERS.delivered)).rejects.toMatchObject({ kind: "auth" });
  });

  it("uses a connection's own credentials when the tracking has one", async () => {
    const request = trackRequest("gls", GLS_NUMBERS.delivered, {
      credentials: { client_id: GLS_CREDENTIALS.clientId, client_secret: GLS_CREDENTIALS.clientSecret },
    });
    const results = await adapter({ clientId: undefined, clientSecret: undefined }).track([request], now);
    expect(results.get(request.id)!.kind).toBe("found");
    expect(adapter({ clientId: undefined }).hasServerCredentials).toBe(false);
  });

  it("reports a long rate limit to the caller with its Retry-After, and a failing GLS as unavailable", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 3600 });
    await expect(trackOne(GLS_NUMBERS.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 3600 });
    expect(sleeps).toEqual([]);
    server.failWith({ kind: "server_error" });
    await expect(trackOne(GLS_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("moves a parcel to Delivered when the fake is told to", async () => {
    server.deliver(GLS_NUMBERS.inTransit);
    const { checkpoints } = await found(GLS_NUMBERS.inTransit);
    expect(checkpoints.at(-1)!.tag).toBe("Delivered");
  });
});
