import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CORREIOS_CREDENTIALS, CORREIOS_NUMBERS, type FakeCorreiosServer, startFakeCorreiosServer } from "@/testing/carriers/fake-correios-server";
import { trackRequest } from "@/testing/carriers/track-request";
import { CarrierError, type TrackResult } from "@/lib/carriers/types";
import { createCorreiosAdapter, type CorreiosAdapterOptions } from "./adapter";
import { parseCorreiosObject } from "./parse";
import { CORREIOS_EVENT_CODES } from "./status-map";

let server: FakeCorreiosServer;
const now = new Date("2026-03-10T00:00:00Z");
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startFakeCorreiosServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  sleeps.length = 0;
});

const adapter = (overrides: CorreiosAdapterOptions = {}) =>
  createCorreiosAdapter({ baseUrl: server.url, ...CORREIOS_CREDENTIALS, timeoutMs: 2_000, sleep: async (ms) => void sleeps.push(ms), ...overrides });

async function trackOne(number: string, overrides: CorreiosAdapterOptions = {}): Promise<TrackResult> {
  const request = trackRequest("brazil-correios", number);
  return (await adapter(overrides).track([request], now)).get(request.id)!;
}

async function found(number: string) {
  const result = await trackOne(number);
  if (result.kind !== "found") throw new Error(`expected found: ${result.message}`);
  return result;
}

const connection = { username: CORREIOS_CREDENTIALS.username, password: CORREIOS_CREDENTIALS.accessCode, account_number: CORREIOS_CREDENTIALS.postingCard };

describe("Correios adapter (API Rastro)", () => {
  it("tracks a delivered SEDEX parcel, oldest event first, by event code and type", async () => {
    const { checkpoints, shipment } = await found(CORREIOS_NUMBERS.delivered);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["PO-01", "InTransit_002"],
      ["RO-01", "InTransit_007"],
      ["OEC-01", "OutForDelivery_001"],
      ["BDE-01", "Delivered_001"],
    ]);
    expect(checkpoints.at(-1)).toMatchObject({
      message: "Objeto entregue ao destinatário",
      city: "CURITIBA",
      state: "PR",
      countryIso3: "BRA",
      location: "CURITIBA, PR, Brazil",
      checkpointTime: "2026-03-05T11:47:12",
      occurredAt: "2026-03-05T11:47:12-03:00",
    });
    expect(checkpoints[2]!.zip).toBe("80010970");
    expect(shipment).toMatchObject({
      serviceType: "SEDEX",
      expectedDelivery: "2026-03-05",
      shipmentWeight: 1.25,
      shipmentWeightUnit: "kg",
      shipmentDeliveryDate: "2026-03-05T11:47:12-03:00",
      courierDestinationCountryIso3: "BRA",
    });
    expect(server.calls).toEqual([[CORREIOS_NUMBERS.delivered]]);
  });

  it("tracks an import from its post abroad through Brazilian customs", async () => {
    const { checkpoints, shipment } = await found(CORREIOS_NUMBERS.inTransit);
    expect(checkpoints.map((checkpoint) => checkpoint.subtag)).toEqual(["InTransit_002", "InTransit_007", "InTransit_004", "InTransit_005", "InTransit_007"]);
    expect(checkpoints[0]).toMatchObject({ location: "CHINA", countryIso3: "CHN", city: null });
    expect(shipment).toMatchObject({ serviceType: "OBJETO INTERNACIONAL", expectedDelivery: "2026-03-16" });
  });

  it("reads Brasília wall-clock stamps with the offset of their day", async () => {
    const { checkpoints } = await found(CORREIOS_NUMBERS.inTransit);
    // 23:40 in Brasília is 02:40Z the next day; the checkpoint keeps the local day.
    expect(checkpoints.at(-1)).toMatchObject({ checkpointTime: "2026-03-09T23:40:00", occurredAt: "2026-03-09T23:40:00-03:00" });

    const event = (dtHrCriado: string) => ({ codigo: "RO", tipo: "01", dtHrCriado, descricao: "Objeto em transferência - por favor aguarde" });
    const summer2018 = parseCorreiosObject({ codObjeto: "SS000000000BR", eventos: [event("2018-12-10T10:00:00"), event("2018-11-04T00:30:00")] });
    if (summer2018.kind !== "found") throw new Error("expected found");
    // Brasília kept summer time (-02:00) until 2019; 00:30 on 4 November 2018 was skipped by the change, so it has no instant.
    expect(summer2018.checkpoints.map(({ checkpointTime, occurredAt }) => [checkpointTime, occurredAt])).toEqual([
      ["2018-11-04T00:30:00", null],
      ["2018-12-10T10:00:00", "2018-12-10T10:00:00-02:00"],
    ]);
  });

  it("tracks a failed attempt, the wait at the counter with its address, and the return to the sender", async () => {
    const { checkpoints } = await found(CORREIOS_NUMBERS.exception);
    expect(checkpoints.map((checkpoint) => [checkpoint.rawTag, checkpoint.subtag])).toEqual([
      ["PO-01", "InTransit_002"],
      ["RO-01", "InTransit_007"],
      ["OEC-01", "OutForDelivery_001"],
      ["BDE-20", "AttemptFail_002"],
      ["LDI-01", "AvailableForPickup_001"],
      ["BDI-26", "Exception_010"],
      ["BDE-23", "Exception_011"],
    ]);
    expect(checkpoints[3]!.message).toBe("Carteiro não atendido - Destinatário ausente. Será realizada nova tentativa de entrega.");
    expect(checkpoints[4]!.location).toBe("AC BOA VISTA, RUA DO SOL NASCENTE, 45, BOA VISTA, RECIFE - PE");
  });

  it("reports a number the Correios do not know as not found, with their message", async () => {
    expect(await trackOne(CORREIOS_NUMBERS.notFound)).toEqual({ kind: "not_found", message: "SRO-020: Objeto não encontrado na base de dados dos Correios." });
  });

  it("splits 120 numbers into calls of 50 with one token, and asks for a repeated number once", async () => {
    const numbers = Array.from({ length: 120 }, (_, i) => `OJ${String(i).padStart(8, "0")}0BR`);
    const requests = [...numbers, numbers[0]!.toLowerCase()].map((number) => trackRequest("brazil-correios", number));
    const results = await adapter().track(requests, now);
    expect(server.calls.map((call) => call.length)).toEqual([50, 50, 20]);
    expect(new Set(server.calls.flat()).size).toBe(120);
    expect(server.tokenCalls).toBe(1);
    expect(requests.map((request) => results.get(request.id)!.kind)).toEqual(Array(121).fill("not_found"));
    expect(adapter().batchSize).toBe(50);
  });

  it("asks each connection's numbers with that connection's token", async () => {
    const own = trackRequest("brazil-correios", CORREIOS_NUMBERS.delivered, { credentials: connection });
    const serverWide = trackRequest("brazil-correios", CORREIOS_NUMBERS.exception);
    const results = await adapter().track([own, serverWide], now);
    expect([results.get(own.id)!.kind, results.get(serverWide.id)!.kind]).toEqual(["found", "found"]);
    // Same user, code and card: one group, one call.
    expect(server.calls).toEqual([[CORREIOS_NUMBERS.delivered, CORREIOS_NUMBERS.exception]]);
  });

  it("fails the call as auth when the Correios refuse the user, access code or posting card", async () => {
    await expect(trackOne(CORREIOS_NUMBERS.delivered, { accessCode: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(trackOne(CORREIOS_NUMBERS.delivered, { postingCard: "0070000099" })).rejects.toMatchObject({ kind: "auth" });
    const withoutServerCredentials = createCorreiosAdapter({ baseUrl: server.url });
    expect(withoutServerCredentials.hasServerCredentials).toBe(false);
    const request = trackRequest("brazil-correios", CORREIOS_NUMBERS.delivered, { credentials: connection });
    expect((await withoutServerCredentials.track([request], now)).get(request.id)!.kind).toBe("found");
  });

  it("tests a connection with one token request", async () => {
    const check = adapter().testCredentials!;
    await expect(check({ ...connection, password: "wrong" })).rejects.toMatchObject({ kind: "auth" });
    await expect(check({ ...connection, account_number: "0070000099" })).rejects.toMatchObject({ kind: "auth" });
    await expect(check({ username: connection.username, password: connection.password })).rejects.toMatchObject({ kind: "auth" });
    await expect(check(connection)).resolves.toBeUndefined();
    expect(server.tokenCalls).toBe(3);
    expect(server.calls).toEqual([]);
  });

  it("keeps the token until its expiraEm, and replaces one the Correios revoked", async () => {
    let clock = Date.now();
    const tracker = adapter({ clock: () => clock });
    await tracker.track([trackRequest("brazil-correios", CORREIOS_NUMBERS.delivered)], now);
    await tracker.track([trackRequest("brazil-correios", CORREIOS_NUMBERS.delivered)], now);
    expect(server.tokenCalls).toBe(1);

    clock += 25 * 3_600_000;
    await tracker.track([trackRequest("brazil-correios", CORREIOS_NUMBERS.delivered)], now);
    expect(server.tokenCalls).toBe(2);

    server.revokeTokens();
    const request = trackRequest("brazil-correios", CORREIOS_NUMBERS.delivered);
    expect((await tracker.track([request], now)).get(request.id)!.kind).toBe("found");
    expect(server.tokenCalls).toBe(3);

    server.failWith({ kind: "auth" });
    await expect(tracker.track([trackRequest("brazil-correios", CORREIOS_NUMBERS.delivered)], now)).rejects.toMatchObject({ kind: "auth" });
  });

  it("waits as Retry-After says and tries once more when the wait is short; a long one is the caller's", async () => {
    server.failWith({ kind: "rate_limited", retryAfterSeconds: 1, times: 1 });
    expect((await trackOne(CORREIOS_NUMBERS.delivered)).kind).toBe("found");
    expect(sleeps).toEqual([1000]);
    expect(server.calls).toHaveLength(2);

    server.failWith({ kind: "rate_limited", retryAfterSeconds: 120 });
    const error = await trackOne(CORREIOS_NUMBERS.delivered).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 120 });
    expect(sleeps).toEqual([1000]);
  });

  it("reports a failing API Rastro as unavailable", async () => {
    server.failWith({ kind: "server_error" });
    await expect(trackOne(CORREIOS_NUMBERS.delivered)).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("reads every delivery outcome code (BDE, BDI, BDR) alike", () => {
    expect(CORREIOS_EVENT_CODES["BDI-01"]).toEqual(["Delivered", "Delivered_001"]);
  });
});
