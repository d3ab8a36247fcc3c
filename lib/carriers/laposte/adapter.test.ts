import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeLaposteServer, LAPOSTE_KEY, LAPOSTE_NUMBERS, startFakeLaposteServer } from "@/testing/carriers/fake-laposte-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { CarrierError, type TrackResult } from "@/lib/carriers/types";
import { createLaposteAdapter, type LaposteAdapterOptions } from "./adapter";

let server: FakeLaposteServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakeLaposteServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: LaposteAdapterOptions = {}) =>
  createLaposteAdapter({ baseUrl: server.url, apiKey: LAPOSTE_KEY, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: LaposteAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("colissimo", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("La Poste adapter (Suivi v2)", () => {
  it("tracks a delivered parcel, oldest event first, by La Poste's event codes", async () => {
    const { checkpoints, shipment } = await found(LAPOSTE_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["DR1", "InfoReceived_001"],
      ["PC1", "InTransit_002"],
      ["ET1", "InTransit_001"],
      ["MD2", "OutForDelivery_001"],
      ["DI1", "Delivered_001"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({
      message: "Your parcel has been delivered",
      checkpointTime: "2026-03-04T11:47:00",
      occurredAt: "2026-03-04T11:47:00+01:00",
    });
    expect(shipment).toMatchObject({
      serviceType: "Colissimo",
      originCountryIso3: "FRA",
      destinationCountryIso3: "FRA",
      shipmentDeliveryDate: "2026-03-04T11:47:00+01:00",
    });
  });

  it("tracks a parcel in transit abroad with La Poste's estimate", async () => {
    const { checkpoints, shipment } = await found(LAPOSTE_NUMBERS.inTransit);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual(["InTransit_002", "InTransit_005", "InTransit_004"]);
    expect(shipment).toMatchObject({ expectedDelivery: "2026-03-12", destinationCountryIso3: "DEU" });
  });

  it("shows a time La Poste gives in UTC as Paris wall-clock time, with its offset", async () => {
    const { checkpoints } = await found(LAPOSTE_NUMBERS.inTransit);
    // 2026-03-08T06:30Z is 07:30 in Paris (CET, +01:00).
    expect(checkpoints.at(-1)).toMatchObject({ checkpointTime: "2026-03-08T07:30:00", occurredAt: "2026-03-08T07:30:00+01:00" });
  });

  it("tracks a return to sender after a failed attempt, with the pickup point named", async () => {
    const { checkpoints } = await found(LAPOSTE_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.tag])).toEqual([
      ["PC1", "InTransit"],
      ["ND1", "AttemptFail"],
      ["AG1", "AvailableForPickup"],
      ["RE1", "Exception"],
    ]);
    expect(checkpoints[2]!.location).toBe("Bureau de poste Lyon Bellecour");
    expect(checkpoints[3]!.subtag).toBe("Exception_010");
  });

  it("reports a number La Poste does not know as not found", async () => {
    expect(await trackOne(LAPOSTE_NUMBERS.notFound)).toMatchObject({ kind: "not_found", message: "Shipment not yet available" });
  });

  it("asks for ten numbers in one call and reads each item of the 207 answer", async () => {
    const numbers = [
      LAPOSTE_NUMBERS.delivered,
      LAPOSTE_NUMBERS.inTransit,
      LAPOSTE_NUMBERS.exception,
      LAPOSTE_NUMBERS.notFound,
      ...Array.from({ length: 6 }, (_, i) => `6A1000000000${i}`),
    ];
    const requests = numbers.map((number) => trackRequest("la-poste-colissimo", number));
    const results = await adapter().track(requests, now);
    expect(server.calls).toEqual([numbers]);
    expect(requests.map((request) => results.get(request.id)!.kind)).toEqual(["found", "found", "found", ...Array(7).fill("not_found")]);
    expect(adapter().batchSize).toBe(10);
  });

  it("splits a larger poll batch into calls of ten", async () => {
    const requests = Array.from({ length: 20 }, (_, i) => trackRequest("colissimo", `6A2000000000${String(i).padStart(2, "0")}`));
    const results = await adapter().track(requests, now);
    expect(server.calls.map((numbers) => numbers.length)).toEqual([10, 10]);
    expect(results.size).toBe(20);
  });

  it("fails the call as auth when La Poste refuses the key, and uses a connection's own key", async () => {
    await expect(trackOne(LAPOSTE_NUMBERS.delivered, { apiKey: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    const request = trackRequest("colissimo", LAPOSTE_NUMBERS.delivered, { credentials: { api_key: LAPOSTE_KEY } });
    const result = await adapter({ apiKey: undefined }).track([request], now);
    expect(result.get(request.id)!.kind).toBe("found");
    await expect(adapter().testCredentials!({ api_key: "wrong" })).rejects.toMatchObject({ kind: "auth" });
  });

  it("waits as Retry-After says and tries once more when the wait is short; a long one is the caller's", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 1, times: 1 });
    expect((await trackOne(LAPOSTE_NUMBERS.delivered)).kind).toBe("found");
    expect(sleeps).toEqual([1000]);
    expect(server.calls).toHaveLength(2);

    server.failWith({ kind: "rate_limited", retryAfterSeconds: 120 });
    const error = await trackOne(LAPOSTE_NUMBERS.delivered).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 120 });
    expect(sleeps).toEqual([1000]);
  });

  it("reports a failing La Poste as unavailable", async () => {
    server.failWith({ kind: "server_error" });
    await expect(trackOne(LAPOSTE_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });
});
