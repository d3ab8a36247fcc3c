import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELHIVERY_NUMBERS, DELHIVERY_TOKEN, type FakeDelhiveryServer, startFakeDelhiveryServer } from "@/testing/carriers/fake-delhivery-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { CarrierError, type TrackResult } from "@/lib/carriers/types";
import { createDelhiveryAdapter, type DelhiveryAdapterOptions } from "./adapter";

let server: FakeDelhiveryServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakeDelhiveryServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: DelhiveryAdapterOptions = {}) =>
  createDelhiveryAdapter({ baseUrl: server.url, token: DELHIVERY_TOKEN, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: DelhiveryAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("delhivery", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("Delhivery adapter (pull tracking API)", () => {
  it("tracks a delivered package by its status codes, with the receiver and the facility's city and state", async () => {
    const { checkpoints, shipment } = await found(DELHIVERY_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["X-UCI", "InfoReceived_001"],
      ["X-PPOM", "InTransit_002"],
      ["X-OLL4F", "InTransit_007"],
      ["X-ILL2F", "InTransit_003"],
      ["X-IBD3F", "InTransit_003"],
      ["X-DDD3FD", "OutForDelivery_001"],
      ["EOD-38", "Delivered_001"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({
      message: "Delivered to consignee",
      location: "Mumbai_Andheri_DC (Maharashtra)",
      city: "Mumbai",
      state: "Maharashtra",
      countryIso3: "IND",
      coordinates: [19.1197, 72.8464],
    });
    expect(shipment).toMatchObject({
      signedBy: "Priya Nair",
      expectedDelivery: "2026-03-05",
      originCountryIso3: "IND",
      destinationCountryIso3: "IND",
      shipmentPickupDate: "2026-03-02T14:05:00+05:30",
      shipmentDeliveryDate: "2026-03-04T13:41:07+05:30",
    });
  });

  it("tracks a package in transit, a scan without a known code taking its lifecycle status", async () => {
    const { checkpoints, shipment } = await found(DELHIVERY_NUMBERS.inTransit);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual(["InfoReceived_001", "InTransit_002", "InTransit_001", "InTransit_003"]);
    expect(shipment).toMatchObject({ expectedDelivery: "2026-03-09", signedBy: null });
  });

  it("keeps Delhivery's India wall-clock time and gives it India's offset, +05:30", async () => {
    const { checkpoints } = await found(DELHIVERY_NUMBERS.inTransit);
    // 02:10 on 7 March in Delhi is 20:40 UTC on the 6th: the day must not move.
    expect(checkpoints.at(-1)).toMatchObject({ checkpointTime: "2026-03-07T02:10:44", occurredAt: "2026-03-07T02:10:44+05:30" });
    expect(Date.parse(checkpoints.at(-1)!.occurredAt!)).toBe(Date.parse("2026-03-06T20:40:44Z"));
  });

  it("tracks a failed attempt and the return to origin; movement codes on the return leg say 'returning'", async () => {
    const { checkpoints, shipment } = await found(DELHIVERY_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.tag, checkpoint.subtag])).toEqual([
      ["X-UCI", "InfoReceived", "InfoReceived_001"],
      ["X-PPOM", "InTransit", "InTransit_002"],
      ["X-DDD3FD", "OutForDelivery", "OutForDelivery_001"],
      ["EOD-11", "AttemptFail", "AttemptFail_001"],
      ["X-OLL4F", "Exception", "Exception_010"],
      ["RD-AC", "Exception", "Exception_011"],
    ]);
    // Whoever took the returned parcel back did not sign for the consignee.
    expect(shipment.signedBy).toBeNull();
  });

  it("reports a waybill Delhivery does not know as not found", async () => {
    expect(await trackOne(DELHIVERY_NUMBERS.notFound)).toEqual({ kind: "not_found", message: "No such waybill or Order Id found" });
  });

  it("halves a list Delhivery refuses for one unknown waybill until that one stands alone", async () => {
    const numbers = [DELHIVERY_NUMBERS.delivered, DELHIVERY_NUMBERS.inTransit, DELHIVERY_NUMBERS.exception, DELHIVERY_NUMBERS.notFound];
    const requests = numbers.map((number) => trackRequest("delhivery", number));
    const results = await adapter().track(requests, now);
    expect(requests.map((request) => results.get(request.id)!.kind)).toEqual(["found", "found", "found", "not_found"]);
    expect(server.calls).toEqual([numbers, numbers.slice(0, 2), numbers.slice(2), [DELHIVERY_NUMBERS.exception], [DELHIVERY_NUMBERS.notFound]]);
  });

  it("asks for up to fifty waybills a call, with the token in the Authorization header", async () => {
    const numbers = Array.from({ length: 60 }, (_, i) => `2917531100${String(i).padStart(4, "0")}`);
    numbers.forEach((number) => server.deliver(number));
    const results = await adapter().track(
      numbers.map((number) => trackRequest("delhivery", number)),
      now,
    );
    expect(server.calls.map((waybills) => waybills.length)).toEqual([50, 10]);
    expect([...results.values()].every((result) => result.kind === "found")).toBe(true);
    expect(adapter().batchSize).toBe(50);
  });

  it("fails the call as auth when Delhivery refuses the token, and uses a connection's own token", async () => {
    await expect(trackOne(DELHIVERY_NUMBERS.delivered, { token: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    const request = trackRequest("delhivery", DELHIVERY_NUMBERS.delivered, { credentials: { token: DELHIVERY_TOKEN } });
    expect((await adapter({ token: undefined }).track([request], now)).get(request.id)!.kind).toBe("found");
    await expect(adapter().testCredentials!({ token: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ token: DELHIVERY_TOKEN })).resolves.toBeUndefined();
    expect(adapter({ token: undefined }).hasServerCredentials).toBe(false);
  });

  it("reports a long rate limit to the caller with its Retry-After, without sleeping", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 300 });
    const error = await trackOne(DELHIVERY_NUMBERS.delivered).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 300 });
    expect(sleeps).toEqual([]);
  });

  it("reports a failing Delhivery as unavailable", async () => {
    server.failWith({ kind: "server_error" });
    await expect(trackOne(DELHIVERY_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });
});
