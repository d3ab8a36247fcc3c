import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CarrierError, type TrackRequest } from "@/lib/carriers/types";
import { createTrack17Adapter } from "./adapter";
import { track17Push, track17Signature } from "./push";
import { startFakeTrack17, type FakeTrack17 } from "@/testing/carriers/fake-track17-server";

const KEY = "track17-test-key";
const ROYAL_MAIL = 11031;
const USPS = 21051;
let fake: FakeTrack17;
let sequence = 0;

const request = (slug = "royal-mail", fields: TrackRequest["additionalFields"] = {}): TrackRequest => ({
  id: `t${++sequence}`,
  slug,
  trackingNumber: `RM${String(100000000 + sequence)}GB`,
  additionalFields: fields,
  createdAt: new Date("2026-03-01T00:00:00Z"),
  credentials: { apiKey: KEY },
});

const adapter = () => createTrack17Adapter({ baseUrl: fake.baseUrl, rateLimit: null });
const NOW = new Date("2026-03-05T12:00:00Z");

beforeAll(async () => {
  fake = await startFakeTrack17({ apiKey: KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.setNow(NOW));

describe("the 17TRACK adapter", () => {
  it("registers a number 17TRACK does not know (waiting), then reads its events in local time with the instant", async () => {
    const tracking = request("royal-mail", { tracking_postal_code: "SW1A 1AA" });
    fake.script(tracking.trackingNumber, ROYAL_MAIL, [
      { at: "2026-03-02T09:15:00+08:00", subStatus: "InfoReceived", description: "Shipping label created", city: "Shenzhen", country: "CN" },
      { at: "2026-03-03T18:40:00-05:00", subStatus: "InTransit_Departure", description: "Departed", city: "New York", country: "US" },
      { at: "2026-03-04T07:00:00+00:00", subStatus: "InTransit_Arrival", description: "Arrived in the UK", utcOnly: true },
    ]);
    const first = await adapter().track([tracking], NOW);
    expect(first.get(tracking.id)).toEqual({ kind: "not_found", message: expect.stringMatching(/Registered with 17TRACK/) });
    expect(fake.registered(tracking.trackingNumber)).toBe(true);
    expect(fake.calls.slice(-2).map((call) => call.endpoint)).toEqual(["gettrackinfo", "register"]);

    const second = await adapter().track([tracking], NOW);
    const found = second.get(tracking.id);
    expect(found?.kind).toBe("found");
    if (found?.kind !== "found") return;
    expect(found.checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt, checkpoint.subtag])).toEqual([
      ["2026-03-02T09:15:00", "2026-03-02T09:15:00+08:00", "InfoReceived_001"],
      ["2026-03-03T18:40:00", "2026-03-03T18:40:00-05:00", "InTransit_007"],
      ["2026-03-04T07:00:00", "2026-03-04T07:00:00Z", "InTransit_004"],
    ]);
    expect(found.checkpoints[0]).toMatchObject({ city: "Shenzhen", countryIso3: "CHN", rawTag: "InfoReceived" });
    expect(found.shipment).toMatchObject({ originCountryIso3: "CHN", destinationCountryIso3: "GBR", shipmentWeight: 0.25, shipmentPackageCount: 1 });
  });

  it("keeps both legs of a hand-over, each with its courier, and names the last-mile number", async () => {
    const tracking = request("royal-mail");
    fake.script(
      tracking.trackingNumber,
      ROYAL_MAIL,
      [
        { at: "2026-03-02T10:00:00+00:00", subStatus: "InTransit_PickedUp", description: "Accepted" },
        { at: "2026-03-04T08:00:00-05:00", subStatus: "OutForDelivery_Other", description: "Out for delivery", carrier: USPS },
      ],
      { localNumber: "9400100000000000000000", localCarrier: USPS },
    );
    await adapter().track([tracking], NOW);
    const found = (await adapter().track([tracking], NOW)).get(tracking.id);
    if (found?.kind !== "found") throw new Error("expected events");
    expect(found.checkpoints.map((checkpoint) => [checkpoint.subtag, checkpoint.slug])).toEqual([
      ["InTransit_002", undefined],
      ["OutForDelivery_001", "usps"],
    ]);
    expect(found.shipment.lastMile).toEqual({ trackingNumber: "9400100000000000000000", slug: "usps" });
  });

  it("asks the merchant for the courier when 17TRACK cannot tell it", async () => {
    const tracking = request("royal-mail");
    fake.script(tracking.trackingNumber, ROYAL_MAIL, [], { undetectable: true });
    const result = await adapter().track([tracking], NOW);
    expect(result.get(tracking.id)).toEqual({ kind: "not_found", message: expect.stringMatching(/cannot tell the courier/) });
  });

  it("turns an exhausted quota, the daily limit and 429 into postponements, and a refused key into auth", async () => {
    const fresh = request("royal-mail");
    fake.script(fresh.trackingNumber, ROYAL_MAIL, []);
    fake.setQuota(0);
    await expect(adapter().track([fresh], NOW)).rejects.toMatchObject({
      kind: "rate_limited",
      message: expect.stringMatching(/quota exhausted/),
      retryAfterSeconds: 21_600,
    });
    fake.setQuota(100);
    fake.failNext("daily");
    await expect(adapter().track([fresh], NOW)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 12 * 3600 });
    fake.failNext("rate");
    await expect(adapter().track([fresh], NOW)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 7 });
    fake.failNext("down");
    await expect(adapter().track([fresh], NOW)).rejects.toMatchObject({ kind: "unavailable" });
    const stranger = { ...fresh, credentials: { apiKey: "not-the-key" } };
    await expect(adapter().track([stranger], NOW)).rejects.toMatchObject({ kind: "auth" });
    const keyless = { ...fresh, credentials: undefined };
    await expect(createTrack17Adapter({ baseUrl: fake.baseUrl, rateLimit: null }).track([keyless], NOW)).rejects.toBeInstanceOf(CarrierError);
  });

  it("asks about at most 40 numbers a call", async () => {
    const many = Array.from({ length: 45 }, () => request("royal-mail"));
    for (const tracking of many) fake.script(tracking.trackingNumber, ROYAL_MAIL, []);
    const before = fake.calls.length;
    await adapter().track(many, NOW);
    const made = fake.calls.slice(before);
    expect(made.every((call) => call.numbers.length <= 40)).toBe(true);
    expect(made.filter((call) => call.endpoint === "gettrackinfo").map((call) => call.numbers.length)).toEqual([40, 5]);
  });

  it("stops, restarts, changes carrier and reads the quota", async () => {
    const tracking = request("royal-mail");
    fake.script(tracking.trackingNumber, ROYAL_MAIL, []);
    await adapter().track([tracking], NOW);
    const calls = adapter().provider!;
    await calls.stop([tracking]);
    expect(fake.stopped(tracking.trackingNumber)).toBe(true);
    await calls.restart([tracking]);
    expect(fake.stopped(tracking.trackingNumber)).toBe(false);
    await calls.changeCarrier({ ...tracking, slug: "usps" }, "royal-mail");
    expect(fake.calls.at(-1)).toMatchObject({ endpoint: "changecarrier", numbers: [tracking.trackingNumber] });
    expect(await calls.quota({ apiKey: KEY })).toMatchObject({ total: 100, remaining: expect.any(Number), dailyLimit: 0 });
    await expect(calls.quota({ apiKey: "wrong" })).rejects.toMatchObject({ kind: "auth" });
  });
});

describe("17TRACK pushes", () => {
  it("accept the body signed with the key, refuse any other, and parse it as a poll", () => {
    const body = JSON.stringify({
      event: "TRACKING_UPDATED",
      data: {
        number: "RM1GB",
        carrier: ROYAL_MAIL,
        track_info: {
          tracking: {
            providers: [
              { provider: { key: ROYAL_MAIL }, events: [{ time_iso: "2026-03-04T11:00:00+00:00", description: "Delivered", sub_status: "Delivered_Other" }] },
            ],
          },
        },
      },
    });
    const signed = new Headers({ sign: track17Signature(body, KEY) });
    expect(track17Push.verify(body, signed, KEY)).toBe(true);
    expect(track17Push.verify(body, signed, "another-key")).toBe(false);
    expect(track17Push.verify(`${body} `, signed, KEY)).toBe(false);
    expect(track17Push.verify(body, new Headers(), KEY)).toBe(false);
    const [update] = track17Push.parse(body);
    expect(update).toMatchObject({
      trackingNumber: "RM1GB",
      carrierCode: String(ROYAL_MAIL),
      result: { kind: "found", checkpoints: [{ tag: "Delivered", subtag: "Delivered_001" }] },
    });
    expect(track17Push.parse(JSON.stringify({ event: "TRACKING_STOPPED", data: { number: "RM1GB", carrier: ROYAL_MAIL } }))[0]!.result).toEqual({
      kind: "stopped",
    });
    expect(() => track17Push.parse('{"nope":1}')).toThrow();
  });
});
