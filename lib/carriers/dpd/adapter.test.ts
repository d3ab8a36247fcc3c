import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DPD_CREDENTIALS, DPD_NUMBERS, type FakeDpdServer, startFakeDpdServer } from "@/testing/carriers/fake-dpd-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { CarrierError, type TrackResult } from "@/lib/carriers/types";
import { createDpdAdapter, type DpdAdapterOptions } from "./adapter";

let server: FakeDpdServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakeDpdServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: DpdAdapterOptions = {}) =>
  createDpdAdapter({ baseUrl: server.url, ...DPD_CREDENTIALS, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: DpdAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("dpd", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("DPD adapter (ParcelLifeCycleService getTrackingData)", () => {
  it("logs in, then tracks a delivered parcel oldest event first by DPD's statuses", async () => {
    const { checkpoints, shipment } = await found(DPD_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["PickedUp", "InTransit_002"],
      ["BetweenDepots", "InTransit_001"],
      ["Depot", "InTransit_003"],
      ["Courier", "OutForDelivery_001"],
      ["Delivered", "Delivered_001"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({
      message: "The parcel has been delivered.",
      location: "Antwerpen (BE)",
      city: "Antwerpen",
      countryIso3: "BEL",
      // 12:04:09 PM is just after noon.
      checkpointTime: "2026-03-03T12:04:09",
      occurredAt: null,
    });
    expect(shipment).toMatchObject({ serviceType: "DPD HOME", originCountryIso3: "BEL", shipmentDeliveryDate: "2026-03-03T12:04:09" });
    expect(server.soapActions).toEqual([
      "http://dpd.com/common/service/types/LoginService/2.1/getAuth",
      "http://dpd.com/common/service/types/ParcelLifeCycleService/2.0/getTrackingData",
    ]);
  });

  it("keeps DPD's US-style stamps as local wall-clock time without an offset, 12 AM being midnight", async () => {
    const { checkpoints } = await found(DPD_NUMBERS.inTransit);
    // The stages still ahead (out for delivery, delivered) are listed without a date and are no scans.
    expect(checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt, checkpoint.subtag])).toEqual([
      ["2026-03-28T16:31:00", null, "InTransit_002"],
      ["2026-03-28T23:58:30", null, "InTransit_001"],
      ["2026-03-29T00:40:12", null, "InTransit_003"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({ city: "Liège", countryIso3: "BEL" });
  });

  it("tracks a failed delivery that ends at a pickup parcelshop", async () => {
    const { checkpoints } = await found(DPD_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => checkpoint.tag)).toEqual([
      "InTransit",
      "InTransit",
      "OutForDelivery",
      "AttemptFail",
      "AttemptFail",
      "AvailableForPickup",
    ]);
    expect(checkpoints[3]!.message).toBe("Unfortunately we have not been able to deliver your parcel.");
  });

  it("reports a parcel without scans, and one DPD refuses with a fault, as not found", async () => {
    expect(await trackOne(DPD_NUMBERS.notFound)).toEqual({ kind: "not_found", message: "DPD has no scans for this parcel yet" });
    expect(await trackOne(DPD_NUMBERS.invalid)).toEqual({ kind: "not_found", message: "PARCEL_NUMBER_INVALID The parcel label number is not valid." });
  });

  it("logs in once for many parcels, and again when DPD no longer accepts the token", async () => {
    const dpd = adapter();
    const numbers = [DPD_NUMBERS.delivered, DPD_NUMBERS.inTransit, DPD_NUMBERS.exception];
    const results = await dpd.track(
      numbers.map((number) => trackRequest("dpd-nl", number)),
      now,
    );
    expect([...results.values()].map((result) => result.kind)).toEqual(["found", "found", "found"]);
    expect(server.logins).toBe(1);

    server.expireTokens();
    const request = trackRequest("dpd", DPD_NUMBERS.delivered);
    expect((await dpd.track([request], now)).get(request.id)!.kind).toBe("found");
    expect(server.logins).toBe(2);
    expect(server.calls.slice(-2)).toEqual([DPD_NUMBERS.delivered, DPD_NUMBERS.delivered]);
  });

  it("fails the call as auth when DPD refuses the login, and uses a connection's own delisId and password", async () => {
    await expect(trackOne(DPD_NUMBERS.delivered, { password: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    const request = trackRequest("dpd", DPD_NUMBERS.delivered, { credentials: { delis_id: DPD_CREDENTIALS.delisId, password: DPD_CREDENTIALS.password } });
    const result = await adapter({ delisId: undefined, password: undefined }).track([request], now);
    expect(result.get(request.id)!.kind).toBe("found");
    await expect(adapter().testCredentials!({ delis_id: DPD_CREDENTIALS.delisId, password: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ delis_id: DPD_CREDENTIALS.delisId, password: DPD_CREDENTIALS.password })).resolves.toBeUndefined();
  });

  it("waits as Retry-After says when the wait is short; a long one is the caller's", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 1, times: 1 });
    expect((await trackOne(DPD_NUMBERS.delivered)).kind).toBe("found");
    expect(sleeps).toEqual([1000]);

    server.failWith({ kind: "rate_limited", retryAfterSeconds: 120 });
    const error = await trackOne(DPD_NUMBERS.delivered).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 120 });
    expect(sleeps).toEqual([1000]);
  });

  it("reports a failing DPD as unavailable", async () => {
    server.failWith({ kind: "server_error" });
    await expect(trackOne(DPD_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });
});
