import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeRoyalmailServer, ROYALMAIL_CREDENTIALS, ROYALMAIL_NUMBERS, startFakeRoyalmailServer } from "@/testing/carriers/fake-royalmail-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { type TrackResult } from "@/lib/carriers/types";
import { createRoyalmailAdapter, type RoyalmailAdapterOptions } from "./adapter";

let server: FakeRoyalmailServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakeRoyalmailServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: RoyalmailAdapterOptions = {}) =>
  createRoyalmailAdapter({ baseUrl: server.url, ...ROYALMAIL_CREDENTIALS, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: RoyalmailAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("royal-mail", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("Royal Mail adapter (Tracking API v2)", () => {
  it("tracks a delivered, signed item with the gateway's headers and the terms accepted", async () => {
    const { checkpoints, shipment } = await found(ROYALMAIL_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["EVPPA", "InTransit_002"],
      ["EVODO", "InTransit_007"],
      ["EVGPD", "OutForDelivery_001"],
      ["EVKSP", "Delivered_003"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({ location: "Leeds DO", checkpointTime: "2026-03-04T10:32:00", occurredAt: "2026-03-04T10:32:00+00:00" });
    expect(shipment).toMatchObject({
      signedBy: "A HOLMES",
      shipmentType: "Special Delivery Guaranteed",
      originCountryIso3: "GBR",
      destinationCountryIso3: "GBR",
    });
    expect(server.lastHeaders).toMatchObject({ "x-ibm-client-id": ROYALMAIL_CREDENTIALS.clientId, "x-accept-rmg-terms": "yes" });
  });

  it("tracks an item in transit with Royal Mail's estimate, showing a UTC stamp as London summer time", async () => {
    const { checkpoints, shipment } = await found(ROYALMAIL_NUMBERS.inTransit);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual(["InTransit_002", "InTransit_003"]);
    // 23:15Z on 7 July is 00:15 the next day in London (BST, +01:00).
    expect(checkpoints.at(-1)).toMatchObject({ checkpointTime: "2026-07-08T00:15:00", occurredAt: "2026-07-08T00:15:00+01:00" });
    expect(shipment.expectedDelivery).toBe("2026-07-09");
  });

  it("tracks a failed attempt and the item held at the office", async () => {
    const { checkpoints } = await found(ROYALMAIL_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => checkpoint.tag)).toEqual(["InTransit", "AttemptFail", "AvailableForPickup", "Exception"]);
  });

  it("reports an unknown mail piece as not found, with Royal Mail's reason", async () => {
    expect(await trackOne(ROYALMAIL_NUMBERS.notFound)).toEqual({ kind: "not_found", message: "E1142 Tracking number not recognised" });
  });

  it("fails the call as auth for credentials the gateway refuses, and tests a connection's with one call", async () => {
    await expect(trackOne(ROYALMAIL_NUMBERS.delivered, { clientSecret: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ client_id: "x", client_secret: "y" })).rejects.toMatchObject({ kind: "auth" });
    await expect(
      adapter().testCredentials!({ client_id: ROYALMAIL_CREDENTIALS.clientId, client_secret: ROYALMAIL_CREDENTIALS.clientSecret }),
    ).resolves.toBeUndefined();
  });

  it("reports a long rate limit to the caller with its Retry-After, and a failing gateway as unavailable", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 60 });
    await expect(trackOne(ROYALMAIL_NUMBERS.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 60 });
    expect(sleeps).toEqual([]);
    server.failWith({ kind: "server_error" });
    await expect(trackOne(ROYALMAIL_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });
});
