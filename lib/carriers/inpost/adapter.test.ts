import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeInpostServer, INPOST_CREDENTIALS, INPOST_NUMBERS, startFakeInpostServer } from "@/testing/carriers/fake-inpost-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { type TrackResult } from "@/lib/carriers/types";
import { createInpostAdapter, type InpostAdapterOptions } from "./adapter";
import { INPOST_STATUSES, INPOST_STATUS_TITLES } from "./status-map";

let server: FakeInpostServer;
const now = new Date("2026-03-30T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakeInpostServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: InpostAdapterOptions = {}) =>
  createInpostAdapter({ baseUrl: server.url, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: InpostAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("inpost-paczkomaty", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("InPost adapter (ShipX tracking)", () => {
  it("tracks a locker parcel to its collection, oldest first, by ShipX status names, without a token", async () => {
    const { checkpoints, shipment } = await found(INPOST_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["confirmed", "InfoReceived_001"],
      ["dispatched_by_sender", "InTransit_002"],
      ["taken_by_courier", "InTransit_002"],
      ["adopted_at_sorting_center", "InTransit_003"],
      ["sent_from_sorting_center", "InTransit_007"],
      ["adopted_at_target_branch", "InTransit_003"],
      ["out_for_delivery", "OutForDelivery_001"],
      ["ready_to_pickup", "AvailableForPickup_001"],
      ["delivered", "Delivered_001"],
    ]);
    expect(checkpoints[7]).toMatchObject({ message: "Ready to collect at the parcel locker", location: "KRA99X, ul. Testowa 12, 30-999 Kraków" });
    expect(checkpoints.at(-1)).toMatchObject({ message: "Delivered", checkpointTime: "2026-03-04T16:02:11", occurredAt: "2026-03-04T16:02:11+01:00" });
    expect(shipment).toMatchObject({
      serviceType: "inpost_locker_standard",
      shipmentPickupDate: "2026-03-03T12:05:00+01:00",
      shipmentDeliveryDate: "2026-03-04T16:02:11+01:00",
    });
    expect(server.lastHeaders.authorization).toBeUndefined();
  });

  it("tracks a courier parcel in transit, at the place ShipX names", async () => {
    const { checkpoints } = await found(INPOST_NUMBERS.inTransit);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual(["InTransit_002", "InTransit_003", "InTransit_007", "InTransit_003"]);
    expect(checkpoints.at(-1)).toMatchObject({ message: "Received at the sorting centre", location: "Sortownia Testowa" });
  });

  it("shows a UTC stamp as Warsaw time on the night the clocks go forward, ordered by instant", async () => {
    const { checkpoints } = await found(INPOST_NUMBERS.inTransit);
    // 00:30Z on 29 March is 01:30 in Warsaw (still CET, +01:00); the next scan, 03:10+02:00, is 01:10Z, after it.
    expect(checkpoints.slice(2).map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt])).toEqual([
      ["2026-03-29T01:30:00", "2026-03-29T01:30:00+01:00"],
      ["2026-03-29T03:10:00", "2026-03-29T03:10:00+02:00"],
    ]);
  });

  it("tracks a failed courier delivery, the parcel left at a PaczkoPunkt, then returned", async () => {
    const { checkpoints } = await found(INPOST_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["taken_by_courier", "InTransit_002"],
      ["out_for_delivery_to_address", "OutForDelivery_001"],
      ["avizo", "AttemptFail_001"],
      ["courier_avizo_in_customer_service_point", "AvailableForPickup_001"],
      // "other" says nothing of progress: it keeps the status before it.
      ["other", "AvailableForPickup_001"],
      ["returned_to_sender", "Exception_011"],
    ]);
    expect(checkpoints[3]).toMatchObject({ message: "Courier avizo in customer service point", location: "PaczkoPunkt POP-TST01, ul. Próbna 3, Łódź" });
  });

  it("reports a number ShipX does not know as not found", async () => {
    expect(await trackOne(INPOST_NUMBERS.notFound)).toEqual({ kind: "not_found", message: "Resource not found" });
  });

  it("sends a ShipX token as a Bearer, fails the call as auth when ShipX refuses it, and tests a connection's token", async () => {
    expect((await trackOne(INPOST_NUMBERS.delivered, { token: INPOST_CREDENTIALS.token })).kind).toBe("found");
    expect(server.lastHeaders.authorization).toBe(`Bearer ${INPOST_CREDENTIALS.token}`);
    await expect(trackOne(INPOST_NUMBERS.delivered, { token: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ token: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({})).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ token: INPOST_CREDENTIALS.token })).resolves.toBeUndefined();
    expect(adapter().hasServerCredentials).toBe(true);
  });

  it("retries once after a short Retry-After; a long one is the caller's, without sleeping; a failing ShipX is unavailable", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 2, times: 1 });
    expect((await trackOne(INPOST_NUMBERS.delivered)).kind).toBe("found");
    expect(sleeps).toEqual([2000]);

    server.failWith({ kind: "rate_limited", retryAfterSeconds: 120 });
    await expect(trackOne(INPOST_NUMBERS.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 120 });
    expect(sleeps).toEqual([2000]);

    server.failWith({ kind: "server_error" });
    await expect(trackOne(INPOST_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("answers for a number the fake was told to deliver (whole-flow tests)", async () => {
    server.deliver("620111111111111111111111");
    const { checkpoints } = await found("620111111111111111111111");
    expect(checkpoints.at(-1)!.tag).toBe("Delivered");
  });

  it("titles only known statuses", () => {
    for (const name of Object.keys(INPOST_STATUS_TITLES)) expect(Object.keys(INPOST_STATUSES)).toContain(name);
  });
});
