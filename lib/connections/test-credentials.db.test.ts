import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEncryptionKeyForTests } from "@/lib/connections/encryption-key";
import { resetEnvForTests } from "@/lib/env";
import { callApi } from "@/testing/api-client";
import { FAKE_CREDENTIALS, type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";

const testDb = setupTestDatabase();
let carrier: FakeCarrierServer;

/** A port nobody listens on: the carrier is unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  carrier = await startFakeCarrierServer();
  vi.stubEnv("WAYBILL_ENCRYPTION_KEY", randomBytes(32).toString("base64"));
  vi.stubEnv("UPS_API_BASE_URL", carrier.url);
  vi.stubEnv("FEDEX_API_BASE_URL", `http://127.0.0.1:${await closedPort()}`);
  resetEnvForTests();
  resetEncryptionKeyForTests();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  resetEncryptionKeyForTests();
  await carrier.close();
});

const BASE = "/2026-07/courier-connections";

describe("credentials are tried with the carrier when a connection is saved", () => {
  it("keeps credentials the carrier accepts, after one token call", async () => {
    const { key } = await createTenant(testDb.db);
    carrier.reset();
    const credentials = { client_id: FAKE_CREDENTIALS.ups.clientId, client_secret: FAKE_CREDENTIALS.ups.clientSecret };
    const saved = await callApi("POST", BASE, { key, body: { courier_slug: "ups", credentials } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(carrier.requests.filter((request) => request.carrier === "ups").map((request) => request.endpoint)).toEqual(["token"]);
  });

  it("refuses credentials the carrier refuses, on create and on update, naming them", async () => {
    const { key } = await createTenant(testDb.db);
    const wrong = { client_id: FAKE_CREDENTIALS.ups.clientId, client_secret: "not-the-secret" };
    const refused = await callApi("POST", BASE, { key, body: { courier_slug: "ups", credentials: wrong } });
    expect(refused.status).toBe(400);
    expect(refused.body.meta).toMatchObject({ code: 4008, type: "BadRequest" });
    expect(refused.body.meta.message).toMatch(/credentials.*UPS refused them/);
    expect((await callApi("GET", BASE, { key })).body.data.courier_connections).toEqual([]);

    const good = { client_id: FAKE_CREDENTIALS.ups.clientId, client_secret: FAKE_CREDENTIALS.ups.clientSecret };
    const saved = await callApi("POST", BASE, { key, body: { courier_slug: "ups", credentials: good } });
    const update = await callApi("PATCH", `${BASE}/${saved.body.data.id}`, { key, body: { credentials: wrong } });
    expect(update.status).toBe(400);
  });

  it("keeps the connection when the carrier cannot be reached: only a refusal stops a save", async () => {
    const { key } = await createTenant(testDb.db);
    const saved = await callApi("POST", BASE, { key, body: { courier_slug: "fedex", credentials: { client_id: "id", client_secret: "secret" } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  });
});
