import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakePostnordServer, POSTNORD_CREDENTIALS, POSTNORD_NUMBERS, startFakePostnordServer } from "@/testing/carriers/fake-postnord-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { type TrackResult } from "@/lib/carriers/types";
import { createPostnordAdapter, type PostnordAdapterOptions } from "./adapter";
import { POSTNORD_DESCRIPTION_RULES, POSTNORD_EVENT_STATUSES } from "./status-map";

let server: FakePostnordServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakePostnordServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: PostnordAdapterOptions = {}) =>
  createPostnordAdapter({ baseUrl: server.url, ...POSTNORD_CREDENTIALS, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: PostnordAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("postnord", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("PostNord adapter (Track and Trace v5)", () => {
  it("tracks a delivered, signed item by PostNord's event statuses, in English", async () => {
    const { checkpoints, shipment } = await found(POSTNORD_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["10", "InfoReceived_001"],
      ["20", "InTransit_002"],
      ["30", "InTransit_001"],
      ["40", "InTransit_003"],
      ["50", "OutForDelivery_001"],
      // A text sent to the recipient (OTHER) keeps the status before it.
      ["60", "OutForDelivery_001"],
      ["70", "Delivered_001"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({ location: "Göteborg", city: "Göteborg", zip: "41106", countryIso3: "SWE" });
    expect(shipment).toMatchObject({
      signedBy: "K LINDQVIST",
      shipmentType: "MyPack Home",
      shipmentPackageCount: 1,
      shipmentWeight: 1.4,
      shipmentWeightUnit: "kg",
      originCountryIso3: "SWE",
      destinationCountryIso3: "SWE",
      shipmentDeliveryDate: "2026-03-03T13:47:00",
    });
    expect(Object.fromEntries(server.lastQuery)).toEqual({ id: POSTNORD_NUMBERS.delivered, locale: "en", apikey: POSTNORD_CREDENTIALS.apiKey });
  });

  it("tracks a shipment of two items in transit to Finland, once per event, with PostNord's estimate", async () => {
    const { checkpoints, shipment } = await found(POSTNORD_NUMBERS.inTransit);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual(["InTransit_002", "InTransit_001", "InTransit_003"]);
    expect(shipment).toMatchObject({
      expectedDelivery: "2026-03-10T16:00:00",
      shipmentPackageCount: 2,
      shipmentWeight: 3.2,
      destinationCountryIso3: "FIN",
    });
  });

  it("keeps a Finnish scan's local wall-clock time, without inventing an offset PostNord does not give", async () => {
    const { checkpoints } = await found(POSTNORD_NUMBERS.inTransit);
    // 07:30 in Vantaa (Helsinki time), not shifted to Stockholm's 06:30: PostNord's times are the scan's own clock.
    expect(checkpoints.at(-1)).toMatchObject({ checkpointTime: "2026-03-08T07:30:00", occurredAt: null, countryIso3: "FIN" });
  });

  it("tracks a failed delivery, the item held at a service point, then returned", async () => {
    const { checkpoints } = await found(POSTNORD_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => [checkpoint.tag, checkpoint.subtag])).toEqual([
      ["InTransit", "InTransit_002"],
      ["AttemptFail", "AttemptFail_001"],
      ["AvailableForPickup", "AvailableForPickup_001"],
      ["Exception", "Exception_010"],
    ]);
    expect(checkpoints[2]!.location).toBe("Demo Kiosk Haga, Umeå");
  });

  it("reports a number PostNord answers without a shipment as not found, with PostNord's reason", async () => {
    expect(await trackOne(POSTNORD_NUMBERS.notFound)).toEqual({ kind: "not_found", message: "No shipment found for the given identifier" });
  });

  it("fails the call as auth for a key PostNord refuses, and tests a connection's key with one call", async () => {
    await expect(trackOne(POSTNORD_NUMBERS.delivered, { apiKey: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ api_key: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ api_key: POSTNORD_CREDENTIALS.apiKey })).resolves.toBeUndefined();
    const request = trackRequest("sweden-posten", POSTNORD_NUMBERS.delivered, { credentials: { api_key: POSTNORD_CREDENTIALS.apiKey } });
    expect((await adapter({ apiKey: undefined }).track([request], now)).get(request.id)!.kind).toBe("found");
  });

  it("reports a long rate limit to the caller with its Retry-After, without sleeping, and a failing gateway as unavailable", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 90 });
    await expect(trackOne(POSTNORD_NUMBERS.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 90 });
    expect(sleeps).toEqual([]);
    server.failWith({ kind: "server_error" });
    await expect(trackOne(POSTNORD_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("answers for a number the fake was told to deliver (whole-flow tests)", async () => {
    server.deliver("88812345678SE");
    const { checkpoints } = await found("88812345678SE");
    expect(checkpoints.at(-1)!.tag).toBe("Delivered");
  });

  it("refines only PostNord's own statuses, by lower-case wording", () => {
    for (const rule of POSTNORD_DESCRIPTION_RULES) {
      for (const code of rule.when) expect(Object.keys(POSTNORD_EVENT_STATUSES)).toContain(code);
      expect(rule.match.source).toBe(rule.match.source.toLowerCase());
    }
  });
});
