import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CANADAPOST_CREDENTIALS, CANADAPOST_NUMBERS, type FakeCanadapostServer, startFakeCanadapostServer } from "@/testing/carriers/fake-canadapost-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { type TrackResult } from "@/lib/carriers/types";
import { type CanadapostAdapterOptions, createCanadapostAdapter } from "./adapter";
import { canadapostEventTime } from "./event-time";

let server: FakeCanadapostServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakeCanadapostServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: CanadapostAdapterOptions = {}) =>
  createCanadapostAdapter({ baseUrl: server.url, ...CANADAPOST_CREDENTIALS, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: CanadapostAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("canada-post", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("Canada Post adapter (Get Tracking Details)", () => {
  it("tracks a delivered, signed item with Basic auth and the versioned media type", async () => {
    const { checkpoints, shipment } = await found(CANADAPOST_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["0101", "InTransit_002"],
      ["0100", "InTransit_001"],
      ["0174", "OutForDelivery_001"],
      ["1496", "Delivered_003"],
      // The signature event takes the delivery's status.
      ["20", "Delivered_003"],
    ]);
    expect(checkpoints[3]).toMatchObject({
      message: "Item successfully delivered",
      checkpointTime: "2026-03-04T13:42:10",
      occurredAt: "2026-03-04T13:42:10-04:00",
      city: "HALIFAX",
      state: "NS",
      countryIso3: "CAN",
      location: "HALIFAX, NS, Canada",
    });
    expect(shipment).toMatchObject({
      signedBy: "M LEBLANC",
      expectedDelivery: "2026-03-04",
      serviceType: "Priority",
      destinationCountryIso3: "CAN",
      shipmentDeliveryDate: "2026-03-04T13:42:10-04:00",
    });
    const basic = Buffer.from(`${CANADAPOST_CREDENTIALS.username}:${CANADAPOST_CREDENTIALS.password}`).toString("base64");
    expect(server.lastHeaders).toMatchObject({ authorization: `Basic ${basic}`, accept: "application/vnd.cpc.track-v2+xml", "accept-language": "en-CA" });
  });

  it("tracks an item in transit with each scan's own zone (Pacific, Newfoundland) and Canada Post's changed estimate", async () => {
    const { checkpoints, shipment } = await found(CANADAPOST_NUMBERS.inTransit);
    expect(checkpoints.map(({ subtag, checkpointTime, occurredAt }) => [subtag, checkpointTime, occurredAt])).toEqual([
      ["InTransit_002", "2026-07-08T16:20:00", "2026-07-08T16:20:00-07:00"],
      // 23:41 PDT is already the 9th in UTC; the local date stays the 8th.
      ["InTransit_001", "2026-07-08T23:41:09", "2026-07-08T23:41:09-07:00"],
      ["InTransit_001", "2026-07-10T00:40:12", "2026-07-10T00:40:12-02:30"],
    ]);
    expect(shipment).toMatchObject({ expectedDelivery: "2026-07-11", serviceType: "Expedited Parcels", signedBy: null, shipmentDeliveryDate: null });
  });

  it("reads time zones as Canada Post names them: Canadian abbreviations give the offset, foreign names and blanks none", () => {
    expect(canadapostEventTime("2026-01-15", "09:30:00", "NST")).toEqual({ checkpointTime: "2026-01-15T09:30:00", occurredAt: "2026-01-15T09:30:00-03:30" });
    expect(canadapostEventTime("2026-01-15", "09:30:00", "pst")?.occurredAt).toBe("2026-01-15T09:30:00-08:00");
    expect(canadapostEventTime("2026-01-15", "09:30:00", "ISRAEL")).toEqual({ checkpointTime: "2026-01-15T09:30:00", occurredAt: null });
    expect(canadapostEventTime("2026-01-15", "", "")).toEqual({ checkpointTime: "2026-01-15T00:00:00", occurredAt: null });
    expect(canadapostEventTime("2026-02-30", "09:30:00", "EST")).toBeNull();
  });

  it("tracks a failed attempt, the pickup office and an addressing error, with a foreign scan that has no zone", async () => {
    const { checkpoints } = await found(CANADAPOST_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["4500", "InTransit_001"],
      ["0168", "AttemptFail_001"],
      ["1701", "AvailableForPickup_001"],
      ["0173", "Exception_007"],
    ]);
    expect(checkpoints[0]).toMatchObject({ checkpointTime: "2026-02-09T18:25:00", occurredAt: null, city: "GBLHRA", countryIso3: "GBR" });
    expect(checkpoints[2]!.location).toBe("PHARMACIE DU PLATEAU, MONTREAL, QC");
  });

  it("reports a PIN without history as not found, and a delivered one after the fake delivers it", async () => {
    expect(await trackOne(CANADAPOST_NUMBERS.notFound)).toEqual({ kind: "not_found", message: "No Pin History" });
    server.deliver(CANADAPOST_NUMBERS.notFound);
    const { checkpoints } = await found(CANADAPOST_NUMBERS.notFound);
    expect(checkpoints.at(-1)!.tag).toBe("Delivered");
  });

  it("tracks several numbers with one call each", async () => {
    const requests = Object.values(CANADAPOST_NUMBERS).map((number) => trackRequest("canada-post", number));
    const results = await adapter().track(requests, now);
    expect(requests.map((request) => results.get(request.id)!.kind)).toEqual(["found", "found", "found", "not_found"]);
    expect([...server.calls].sort()).toEqual(Object.values(CANADAPOST_NUMBERS).sort());
  });

  it("fails the call as auth for a key the gateway refuses or none at all, and tests a connection's with one call", async () => {
    await expect(trackOne(CANADAPOST_NUMBERS.delivered, { password: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(trackOne(CANADAPOST_NUMBERS.delivered, { username: undefined, password: undefined })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ username: "x", password: "y" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ ...CANADAPOST_CREDENTIALS })).resolves.toBeUndefined();
  });

  it("reports the gateway's throttle as rate limited, for its Retry-After or the minute it blocks a key, and a failing gateway as unavailable", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 120 });
    await expect(trackOne(CANADAPOST_NUMBERS.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 120 });
    server.failWith({ kind: "rate_limited" });
    await expect(trackOne(CANADAPOST_NUMBERS.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 60 });
    expect(sleeps).toEqual([]);
    server.failWith({ kind: "server_error" });
    await expect(trackOne(CANADAPOST_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });
});
