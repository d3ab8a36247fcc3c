import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUSPOST_CREDENTIALS, AUSPOST_NUMBERS, type FakeAuspostServer, startFakeAuspostServer } from "@/testing/carriers/fake-auspost-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { CarrierError, type TrackResult } from "@/lib/carriers/types";
import { type AuspostAdapterOptions, createAuspostAdapter } from "./adapter";

let server: FakeAuspostServer;
const now = new Date("2026-03-15T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakeAuspostServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: AuspostAdapterOptions = {}) =>
  createAuspostAdapter({ baseUrl: server.url, ...AUSPOST_CREDENTIALS, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

const connection = { api_key: AUSPOST_CREDENTIALS.apiKey, password: AUSPOST_CREDENTIALS.password, account_number: AUSPOST_CREDENTIALS.accountNumber };

async function trackOne(number: string, overrides: AuspostAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("australia-post", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("Australia Post adapter (Shipping & Tracking API)", () => {
  it("tracks a delivered consignment through its article's events, with Basic auth and the account number", async () => {
    const { checkpoints, shipment } = await found(AUSPOST_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual([
      "InfoReceived_001",
      "InTransit_002",
      "InTransit_003",
      "InTransit_001",
      "OutForDelivery_001",
      "Delivered_001",
    ]);
    expect(checkpoints.at(-1)).toMatchObject({
      message: "Delivered - Left in a safe place",
      location: "RICHMOND VIC 3121",
      city: "RICHMOND",
      state: "VIC",
      zip: "3121",
      countryIso3: "AUS",
      checkpointTime: "2026-03-04T13:22:05",
      occurredAt: "2026-03-04T13:22:05+11:00",
    });
    expect(shipment).toMatchObject({ shipmentType: "Parcel Post", shipmentPackageCount: 1, shipmentDeliveryDate: "2026-03-04T13:22:05+11:00" });
    const basic = Buffer.from(`${AUSPOST_CREDENTIALS.apiKey}:${AUSPOST_CREDENTIALS.password}`).toString("base64");
    expect(server.lastHeaders).toMatchObject({ authorization: `Basic ${basic}`, "account-number": AUSPOST_CREDENTIALS.accountNumber });
  });

  it("tracks an inbound international item, its origin read from the S10 number", async () => {
    const { checkpoints, shipment } = await found(AUSPOST_NUMBERS.inTransit);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual(["InTransit_002", "InTransit_006", "InTransit_003"]);
    expect(checkpoints[0]).toMatchObject({ city: "FRANKFURT", countryIso3: "DEU" });
    expect(shipment).toMatchObject({ originCountryIso3: "DEU", destinationCountryIso3: "AUS", serviceType: "International" });
  });

  it("shows a scan in Queensland or Western Australia in that state's time, though the API stamps Melbourne time", async () => {
    const { checkpoints } = await found(AUSPOST_NUMBERS.inTransit);
    // 00:30 on the 15th at +11:00 is 23:30 the day before in Brisbane, which keeps +10:00 all year.
    expect(checkpoints[1]).toMatchObject({ location: "BRISBANE QLD", checkpointTime: "2026-01-14T23:30:00", occurredAt: "2026-01-14T23:30:00+10:00" });
    expect(checkpoints[2]).toMatchObject({ location: "PERTH WA", checkpointTime: "2026-01-16T08:15:00", occurredAt: "2026-01-16T08:15:00+08:00" });
    // A place abroad keeps the time as given.
    expect(checkpoints[0]).toMatchObject({ checkpointTime: "2026-01-10T19:45:00", occurredAt: "2026-01-10T19:45:00+11:00" });
  });

  it("tracks a failed attempt, the item awaiting collection, then returned to sender, from the descriptions", async () => {
    const { checkpoints } = await found(AUSPOST_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => [checkpoint.tag, checkpoint.subtag])).toEqual([
      ["InTransit", "InTransit_002"],
      ["AttemptFail", "AttemptFail_001"],
      ["AvailableForPickup", "AvailableForPickup_001"],
      ["Exception", "Exception_010"],
    ]);
  });

  it("reports an id Australia Post does not know (ESB-10001) as not found, beside the ones it knows", async () => {
    const requests = [AUSPOST_NUMBERS.notFound, AUSPOST_NUMBERS.delivered].map((number) => trackRequest("australia-post", number));
    const results = await adapter().track(requests, now);
    expect(results.get(requests[0]!.id)).toEqual({ kind: "not_found", message: "ESB-10001 Invalid tracking ID" });
    expect(results.get(requests[1]!.id)!.kind).toBe("found");
    expect(server.calls).toEqual([[AUSPOST_NUMBERS.notFound, AUSPOST_NUMBERS.delivered]]);
  });

  it("splits a larger poll batch into calls of ten per credential (a connection with the server's credentials shares them)", async () => {
    const own = Array.from({ length: 12 }, (_, i) => trackRequest("australia-post", `33AAA00000${String(i).padStart(2, "0")}`));
    const theirs = trackRequest("australia-post", AUSPOST_NUMBERS.delivered, { credentials: connection });
    const results = await adapter().track([...own, theirs], now);
    expect(server.calls.map((ids) => ids.length)).toEqual([10, 3]);
    expect(results.size).toBe(13);
    expect(adapter().batchSize).toBe(10);
  });

  it("fails the call as auth for a key or account number Australia Post refuses, and tests a connection with one call", async () => {
    await expect(trackOne(AUSPOST_NUMBERS.delivered, { password: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(trackOne(AUSPOST_NUMBERS.delivered, { accountNumber: "999" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ ...connection, api_key: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!(connection)).resolves.toBeUndefined();
    expect(adapter({ accountNumber: undefined }).hasServerCredentials).toBe(false);
  });

  it("reports a long rate limit to the caller with its Retry-After, without sleeping", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 90 });
    const error = await trackOne(AUSPOST_NUMBERS.delivered).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 90 });
    expect(sleeps).toEqual([]);
  });

  it("reports a failing Australia Post as unavailable", async () => {
    server.failWith({ kind: "server_error" });
    await expect(trackOne(AUSPOST_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });
});
