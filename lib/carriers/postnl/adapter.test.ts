import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakePostnlServer, POSTNL_API_KEY, POSTNL_NUMBERS, startFakePostnlServer } from "@/testing/carriers/fake-postnl-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { type TrackResult } from "@/lib/carriers/types";
import { createPostnlAdapter, type PostnlAdapterOptions } from "./adapter";
import { parsePostnlShipment, postnlAnswer, postnlEstimate, postnlEventTime, postnlShipmentFor } from "./parse";

let server: FakePostnlServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakePostnlServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: PostnlAdapterOptions = {}) =>
  createPostnlAdapter({ baseUrl: server.url, apiKey: POSTNL_API_KEY, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: PostnlAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("postnl", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

describe("PostNL adapter (Shippingstatus v2)", () => {
  it("tracks a delivered parcel from every event, asking for the detail in English", async () => {
    const { checkpoints, shipment } = await found(POSTNL_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["A01", "InfoReceived_001"],
      ["B01", "InTransit_002"],
      ["J01", "InTransit_001"],
      ["J05", "OutForDelivery_001"],
      ["I01", "Delivered_001"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({ message: "Shipment delivered", checkpointTime: "2026-03-05T14:22:10", occurredAt: null });
    expect(shipment).toMatchObject({
      shipmentType: "Standard shipment <= 23 kg",
      serviceType: "003085",
      shipmentWeight: 1.45,
      shipmentWeightUnit: "kg",
      shipmentPackageCount: 1,
      originCountryIso3: "NLD",
      destinationCountryIso3: "NLD",
      expectedDelivery: null,
      shipmentDeliveryDate: "2026-03-05T14:22:10",
    });
    expect(Object.fromEntries(server.lastQuery)).toEqual({ detail: "true", language: "EN" });
  });

  it("tracks a parcel in transit to Belgium with the end of PostNL's delivery window", async () => {
    const { checkpoints, shipment } = await found(POSTNL_NUMBERS.inTransit);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.tag])).toEqual([
      ["A01", "InfoReceived"],
      ["B01", "InTransit"],
      ["J01", "InTransit"],
      ["A42", "InTransit"],
    ]);
    // "03/12/2026" is month first: 12 March, the day after the last scan.
    expect(shipment).toMatchObject({ expectedDelivery: "2026-03-12T16:30:00", destinationCountryIso3: "BEL", shipmentPackageCount: 2, shipmentWeight: null });
  });

  it("reads PostNL's day-first stamps as Dutch wall-clock time without inventing an offset", async () => {
    const { checkpoints } = await found(POSTNL_NUMBERS.inTransit);
    // 10-03 23:58 is before 11-03 00:41: read month first, they would be in October and November.
    expect(checkpoints.slice(1, 3).map((checkpoint) => [checkpoint.checkpointTime, checkpoint.occurredAt])).toEqual([
      ["2026-03-10T23:58:12", null],
      ["2026-03-11T00:41:09", null],
    ]);
    expect(postnlEventTime("2026-03-11T00:41:09+01:00")).toEqual({ checkpointTime: "2026-03-11T00:41:09", occurredAt: "2026-03-11T00:41:09+01:00" });
    expect(postnlEventTime("31-02-2026 10:00:00")).toBeNull();
    expect(postnlEstimate("11/07/2022 10:00:00")).toBe("2022-11-07T10:00:00");
    expect(postnlEstimate("25/03/2026 10:00:00")).toBe("2026-03-25T10:00:00");
  });

  it("tracks a failed attempt and a refusal by their event codes, not the broader status PostNL files them under", async () => {
    const { checkpoints } = await found(POSTNL_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => checkpoint.tag)).toEqual([
      "InfoReceived",
      "InTransit",
      "InTransit",
      "OutForDelivery",
      "AttemptFail",
      "OutForDelivery",
      "Exception",
    ]);
    expect(checkpoints.at(-1)).toMatchObject({ rawTag: "H01", subtag: "Exception_003" });
  });

  it("reports a barcode PostNL does not know as not found, with its warning", async () => {
    expect(await trackOne(POSTNL_NUMBERS.notFound)).toEqual({ kind: "not_found", message: "No shipment found" });
  });

  it("builds checkpoints from the statuses when an answer carries no events (detail=false)", async () => {
    const response = await fetch(`${server.url}/shipment/v2/status/barcode/${POSTNL_NUMBERS.delivered}`, { headers: { apikey: POSTNL_API_KEY } });
    const shipment = postnlShipmentFor(postnlAnswer.parse(await response.json()), POSTNL_NUMBERS.delivered)!;
    expect(shipment.Event).toEqual([]);
    const result = parsePostnlShipment(shipment);
    expect(result.kind === "found" && result.checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([["11", "Delivered_001"]]);
  });

  it("moves a parcel to Delivered when the fake is told to", async () => {
    server.deliver(POSTNL_NUMBERS.inTransit);
    const { checkpoints } = await found(POSTNL_NUMBERS.inTransit);
    expect(checkpoints.at(-1)!.tag).toBe("Delivered");
  });

  it("fails the call as auth for a key PostNL refuses, and tests a connection's key with one call", async () => {
    await expect(trackOne(POSTNL_NUMBERS.delivered, { apiKey: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(adapter().testCredentials!({ api_key: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    server.reset();
    await expect(adapter().testCredentials!({ api_key: POSTNL_API_KEY })).resolves.toBeUndefined();
    expect(server.calls).toHaveLength(1);
    const request = trackRequest("postnl-3s", POSTNL_NUMBERS.delivered, { credentials: { api_key: POSTNL_API_KEY } });
    expect((await adapter({ apiKey: undefined }).track([request], now)).get(request.id)!.kind).toBe("found");
  });

  it("reports a long rate limit to the caller with its Retry-After, and a failing PostNL as unavailable", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 90 });
    await expect(trackOne(POSTNL_NUMBERS.delivered)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 90 });
    expect(sleeps).toEqual([]);
    server.failWith({ kind: "server_error" });
    await expect(trackOne(POSTNL_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });
});
