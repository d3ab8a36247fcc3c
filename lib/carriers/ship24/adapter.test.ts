import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrackRequest } from "@/lib/carriers/types";
import { createShip24Adapter } from "./adapter";
import { ship24Push } from "./push";
import { startFakeShip24, type FakeShip24 } from "@/testing/carriers/fake-ship24-server";
import publishedShape from "./fixtures/openapi-example-shape.json";
import { parseShip24Tracking } from "./parse";

const KEY = "ship24-test-key";
const SECRET = "ship24-webhook-secret";
let fake: FakeShip24;
let sequence = 0;
const NOW = new Date("2026-03-05T12:00:00Z");

const request = (slug = "usps"): TrackRequest => ({
  id: `s${++sequence}`,
  slug,
  trackingNumber: `SHIP24TEST${String(sequence).padStart(6, "0")}`,
  additionalFields: { tracking_postal_code: "75001" },
  createdAt: NOW,
  credentials: { apiKey: KEY },
});
const adapter = () => createShip24Adapter({ baseUrl: fake.baseUrl, rateLimit: null });

beforeAll(async () => {
  fake = await startFakeShip24({ apiKey: KEY, webhookSecret: SECRET });
});
afterAll(() => fake.close());

describe("the Ship24 adapter", () => {
  it("creates the tracker and reads its events, newest first in Ship24, in local time with the instant when an offset is given", async () => {
    const tracking = request("usps");
    fake.script(tracking.trackingNumber, "us-post", [
      { at: "2026-03-02T08:00:00", statusCode: "data_order_created", status: "Label created" },
      { at: "2026-03-03T10:30:00-05:00", statusCode: "transit_handover", status: "Picked up", location: "Chicago, IL" },
      { at: "2026-03-04T09:00:00Z", milestone: "out_for_delivery", status: "Out for delivery" },
      { at: "2026-03-04", statusCode: "delivery_delivered", status: "Delivered" },
    ]);
    const found = (await adapter().track([tracking], NOW)).get(tracking.id);
    if (found?.kind !== "found") throw new Error(`expected events, got ${JSON.stringify(found)}`);
    expect(found.checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt, checkpoint.subtag])).toEqual([
      ["2026-03-02T08:00:00", null, "InfoReceived_001"],
      ["2026-03-03T10:30:00", "2026-03-03T10:30:00-05:00", "InTransit_002"],
      // A bare date counts from the start of its day.
      ["2026-03-04T00:00:00", null, "Delivered_001"],
      ["2026-03-04T09:00:00", "2026-03-04T09:00:00Z", "OutForDelivery_001"],
    ]);
    expect(fake.trackers.has(tracking.trackingNumber)).toBe(true);
    const created = fake.calls.find((call) => call.path === "/trackers/track");
    expect(created?.method).toBe("POST");
  });

  it("answers 'waiting' for a tracker without events, follows any courier by detection, and keeps a hand-over's leg", async () => {
    const quiet = request("royal-mail");
    fake.script(quiet.trackingNumber, null, []);
    expect((await adapter().track([quiet], NOW)).get(quiet.id)).toEqual({ kind: "not_found", message: expect.stringMatching(/waiting/) });
    const handed = request("usps");
    fake.script(handed.trackingNumber, "us-post", [
      { at: "2026-03-02T08:00:00+01:00", statusCode: "transit_handover", status: "Accepted" },
      {
        at: "2026-03-04T08:00:00+01:00",
        statusCode: "delivery_out_for_delivery",
        status: "Out for delivery",
        courierCode: "some-local-courier",
        trackingNumber: "LOCAL123",
      },
    ]);
    const found = (await adapter().track([handed], NOW)).get(handed.id);
    if (found?.kind !== "found") throw new Error("expected events");
    expect(found.shipment.lastMile).toEqual({ trackingNumber: "LOCAL123", slug: null });
  });

  it("turns quota, 429 and refused keys into postponements and auth, and stops and restarts trackers", async () => {
    const tracking = request("usps");
    fake.script(tracking.trackingNumber, "us-post", []);
    fake.failNext("quota");
    await expect(adapter().track([tracking], NOW)).rejects.toMatchObject({ kind: "rate_limited", message: expect.stringMatching(/quota/) });
    fake.failNext("rate");
    await expect(adapter().track([tracking], NOW)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 3 });
    await expect(adapter().track([{ ...tracking, credentials: { apiKey: "wrong" } }], NOW)).rejects.toMatchObject({ kind: "auth" });

    await adapter().track([tracking], NOW);
    await adapter().provider!.stop([tracking]);
    expect(fake.trackers.get(tracking.trackingNumber)?.isSubscribed).toBe(false);
    await adapter().provider!.restart([tracking]);
    expect(fake.trackers.get(tracking.trackingNumber)?.isSubscribed).toBe(true);
    expect(await adapter().provider!.quota({ apiKey: KEY })).toEqual({ total: null, used: null, remaining: null, dailyLimit: null, todayUsed: null });
    await expect(adapter().provider!.quota({ apiKey: "wrong" })).rejects.toMatchObject({ kind: "auth" });
  });
});

describe("Ship24 pushes", () => {
  it("accept the webhook secret as bearer, refuse any other, and parse as the results are", async () => {
    fake.script("PUSHED000001", "us-post", [{ at: "2026-03-04T11:00:00+01:00", statusCode: "delivery_delivered", status: "Delivered" }]);
    const pushed = fake.pushRequest("http://waybill.test/webhooks/providers/ship24", "PUSHED000001");
    const body = await pushed.text();
    expect(ship24Push.verify(body, pushed.headers, SECRET)).toBe(true);
    expect(ship24Push.verify(body, pushed.headers, "another-secret")).toBe(false);
    expect(ship24Push.verify(body, new Headers(), SECRET)).toBe(false);
    expect(ship24Push.parse(body)).toMatchObject([
      { trackingNumber: "PUSHED000001", carrierCode: "us-post", result: { kind: "found", checkpoints: [{ tag: "Delivered" }] } },
    ]);
    expect(() => ship24Push.parse("{}")).toThrow();
  });
});

describe("Ship24's own published example", () => {
  // lib/carriers/ship24/fixtures/openapi-example-shape.json: written in the shape of the `tracking`
  // example in Ship24's OpenAPI document (docs.ship24.com/assets/openapi/ship24-tracking-api.yaml).
  it("is read whole: newest-first events put in order, local times kept without an instant, milestone-only events, the delivery facts", () => {
    const found = parseShip24Tracking(publishedShape, "us-post");
    if (found.kind !== "found") throw new Error(`expected events, got ${JSON.stringify(found)}`);
    expect(found.checkpoints.map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt, checkpoint.tag, checkpoint.message])).toEqual([
      ["2026-03-02T14:00:00", null, "InfoReceived", "Package Received"],
      ["2026-03-02T21:00:00", null, "InTransit", "Dispatched from Office of Exchange"],
      ["2026-03-02T23:10:00", null, "InTransit", "Flight Departure"],
      ["2026-03-03T19:30:00", null, "InTransit", "Processed Through Regional Facility"],
      ["2026-03-04T08:05:00", null, "OutForDelivery", "Out for Delivery"],
      ["2026-03-04T16:40:12", null, "Delivered", "Delivered to the addressee"],
    ]);
    expect(found.shipment).toMatchObject({
      expectedDelivery: "2026-03-04T18:00:00",
      serviceType: "Parcel Post",
      signedBy: "R. Alvarez",
      originCountryIso3: "CHN",
      destinationCountryIso3: "USA",
    });
  });
});
