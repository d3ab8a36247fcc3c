import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { courierConnections, trackings } from "@/db/schema";
import { credentialsForTracking } from "@/lib/connections/credentials-for-tracking";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";

const testDb = setupTestDatabase();

withTestEncryptionKey();

const BASE = "/tracking/2025-04/courier-connections";
const UPS_SECRET = "ups-client-secret-0123456789-abcd";
const upsCredentials = { client_id: "ups-client-id-42", client_secret: UPS_SECRET, account_number: "A1B2C3" };

let sequence = 0;
const upsNumber = () => `1Z999AA1${String(Date.now()).slice(-8)}${++sequence}`;

async function tenant(options: { realLimits?: boolean } = {}) {
  return createTenant(testDb.db, options);
}

async function connect(key: string, body: unknown = { courier_slug: "ups", credentials: upsCredentials }) {
  const res = await callApi("POST", BASE, { key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; courier_slug: string; credentials: Record<string, string>; created_at: string; updated_at: string };
}

async function expectError(promise: ReturnType<typeof callApi>, code: number, message?: string | RegExp) {
  const res = await promise;
  expect(res.body.meta.code, JSON.stringify(res.body)).toBe(code);
  if (message) expect(res.body.meta.message).toMatch(message);
  return res;
}

describe("POST /courier-connections", () => {
  it("stores a connection (201) and shows its secrets masked, other fields in full", async () => {
    const { key } = await tenant();
    const res = await callApi("POST", BASE, { key, body: { courier_slug: "ups", credentials: upsCredentials } });
    expect(res.status).toBe(201);
    expect(res.body.meta).toEqual({ code: 201 });
    const connection = res.body.data;
    expect(connection).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      courier_slug: "ups",
      credentials: { client_id: "ups-client-id-42", client_secret: "••••abcd", account_number: "A1B2C3" },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/),
      updated_at: connection.created_at,
    });
  });

  it("keeps the credentials encrypted at rest: the stored row holds no plaintext value", async () => {
    const { key, organization } = await tenant();
    const connection = await connect(key);
    const [row] = await testDb.db
      .select()
      .from(courierConnections)
      .where(and(eq(courierConnections.organizationId, organization.id), eq(courierConnections.id, connection.id)));
    const stored = JSON.stringify(row);
    for (const value of Object.values(upsCredentials)) expect(stored).not.toContain(value);
    expect(row!.credentialsCiphertext).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
  });

  it("masks short secrets entirely", async () => {
    const { key } = await tenant();
    const connection = await connect(key, { courier_slug: "dhl", credentials: { api_key: "short" } });
    expect(connection.credentials).toEqual({ api_key: "••••" });
  });

  it("refuses bad bodies, naming the field: 4009 missing, 4008 invalid", async () => {
    const { key } = await tenant();
    const post = (body: unknown) => callApi("POST", BASE, { key, body });
    await expectError(post({ credentials: upsCredentials }), 4009, "`courier_slug` is required.");
    await expectError(post({ courier_slug: "ups" }), 4009, "`credentials` is required.");
    await expectError(post({ courier_slug: "ups", credentials: "secret" }), 4008, "The value of `credentials` is invalid: expected object.");
    await expectError(post({ courier_slug: "ups", credentials: [] }), 4008, "The value of `credentials` is invalid: expected object.");
    await expectError(post({ courier_slug: "no-such-courier", credentials: upsCredentials }), 4008, /`courier_slug` is invalid: no courier/);
    await expectError(
      post({ courier_slug: "testing-courier", credentials: {} }),
      4008,
      /`courier_slug` is invalid: testing-courier takes no connection credentials/,
    );
    await expectError(post({ courier_slug: "ups", credentials: { client_id: "id" } }), 4009, "`credentials.client_secret` is required.");
    await expectError(post({ courier_slug: "ups", credentials: { client_id: " ", client_secret: "s" } }), 4009, "`credentials.client_id` is required.");
    await expectError(
      post({ courier_slug: "ups", credentials: { ...upsCredentials, password: "x" } }),
      4008,
      /`credentials\.password` is invalid: ups takes `client_id`, `client_secret`, `account_number`/,
    );
    await expectError(
      post({ courier_slug: "ups", credentials: { ...upsCredentials, client_id: 42 } }),
      4008,
      "The value of `credentials.client_id` is invalid: expected a string.",
    );
    await expectError(
      post({ courier_slug: "ups", credentials: { ...upsCredentials, client_secret: "••••abcd" } }),
      4008,
      /`credentials\.client_secret` is invalid: send the value itself/,
    );
  });

  it("takes an optional field as absent when null", async () => {
    const { key } = await tenant();
    const connection = await connect(key, { courier_slug: "ups", credentials: { ...upsCredentials, account_number: null } });
    expect(connection.credentials).toEqual({ client_id: "ups-client-id-42", client_secret: "••••abcd" });
  });
});

describe("GET /courier-connections", () => {
  it("lists newest first with cursor paging and a courier_slug filter", async () => {
    const { key } = await tenant();
    const first = await connect(key);
    const second = await connect(key, { courier_slug: "usps", credentials: { client_id: "usps-id", client_secret: "usps-secret-123456" } });
    const third = await connect(key);

    const page1 = await callApi("GET", `${BASE}?limit=2`, { key });
    expect(page1.status).toBe(200);
    expect(page1.body.data.pagination).toEqual({ total: 3, next_cursor: expect.any(String), has_next_page: true });
    expect(page1.body.data.courier_connections.map((c: { id: string }) => c.id)).toEqual([third.id, second.id]);
    expect(page1.body.data.courier_connections[0].credentials.client_secret).toBe("••••abcd");

    const page2 = await callApi("GET", `${BASE}?limit=2&cursor=${page1.body.data.pagination.next_cursor}`, { key });
    expect(page2.body.data.pagination).toEqual({ total: 3, next_cursor: null, has_next_page: false });
    expect(page2.body.data.courier_connections.map((c: { id: string }) => c.id)).toEqual([first.id]);

    const ups = await callApi("GET", `${BASE}?courier_slug=ups`, { key });
    expect(ups.body.data.pagination.total).toBe(2);
    expect(ups.body.data.courier_connections.map((c: { id: string }) => c.id)).toEqual([third.id, first.id]);

    await expectError(callApi("GET", `${BASE}?cursor=garbage`, { key }), 4008, /`cursor`/);
    await expectError(callApi("GET", `${BASE}?limit=0`, { key }), 4008, /`limit`/);
  });

  it("shows an organisation only its own connections", async () => {
    const mine = await tenant();
    const theirs = await tenant();
    await connect(theirs.key);
    const res = await callApi("GET", BASE, { key: mine.key });
    expect(res.body.data).toEqual({ pagination: { total: 0, next_cursor: null, has_next_page: false }, courier_connections: [] });
  });
});

describe("GET, PATCH and DELETE /courier-connections/:id", () => {
  it("reads one connection", async () => {
    const { key } = await tenant();
    const connection = await connect(key);
    const res = await callApi("GET", `${BASE}/${connection.id}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(connection);
  });

  it("answers 404 for an unknown id and for another organisation's connection, on every method", async () => {
    const mine = await tenant();
    const theirs = await tenant();
    const foreign = await connect(theirs.key);
    for (const id of ["0123456789abcdef0123456789abcdef", foreign.id]) {
      await expectError(callApi("GET", `${BASE}/${id}`, { key: mine.key }), 404, "Courier connection does not exist.");
      await expectError(callApi("PATCH", `${BASE}/${id}`, { key: mine.key, body: { credentials: upsCredentials } }), 404);
      await expectError(callApi("DELETE", `${BASE}/${id}`, { key: mine.key }), 404);
    }
    expect((await callApi("GET", `${BASE}/${foreign.id}`, { key: theirs.key })).status).toBe(200);
  });

  it("PATCH replaces the credentials, validated again", async () => {
    const { key } = await tenant();
    const connection = await connect(key);
    await expectError(callApi("PATCH", `${BASE}/${connection.id}`, { key, body: {} }), 4009, "`credentials` is required.");
    await expectError(
      callApi("PATCH", `${BASE}/${connection.id}`, { key, body: { credentials: { client_id: "x" } } }),
      4009,
      "`credentials.client_secret` is required.",
    );
    await expectError(
      callApi("PATCH", `${BASE}/${connection.id}`, { key, body: { credentials: { ...upsCredentials, api_key: "k" } } }),
      4008,
      /`credentials\.api_key`/,
    );

    const res = await callApi("PATCH", `${BASE}/${connection.id}`, {
      key,
      body: { credentials: { client_id: "new-id", client_secret: "new-secret-value-9876" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: connection.id,
      courier_slug: "ups",
      credentials: { client_id: "new-id", client_secret: "••••9876" },
      created_at: connection.created_at,
    });
  });

  it("DELETE returns the deleted connection; it is gone afterwards", async () => {
    const { key } = await tenant();
    const connection = await connect(key);
    const res = await callApi("DELETE", `${BASE}/${connection.id}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(connection);
    await expectError(callApi("GET", `${BASE}/${connection.id}`, { key }), 404);
  });

  it("refuses to delete a connection that trackings use (409), and deletes it once they are gone", async () => {
    const { key } = await tenant();
    const connection = await connect(key);
    const created = await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: upsNumber(), slug: "ups" } });
    expect(created.body.data.courier_connection_id).toBe(connection.id);

    const refused = await expectError(callApi("DELETE", `${BASE}/${connection.id}`, { key }), 409, /used by 1 tracking/);
    expect(refused.status).toBe(409);
    expect((await callApi("GET", `${BASE}/${connection.id}`, { key })).status).toBe(200);

    await callApi("DELETE", `/tracking/2025-04/trackings/${created.body.data.id}`, { key });
    expect((await callApi("DELETE", `${BASE}/${connection.id}`, { key })).status).toBe(200);
  });
});

describe("courier connections: authentication, versions and limits", () => {
  it("answers 401 without a key or with a bad one", async () => {
    await expectError(callApi("GET", BASE), 401);
    await expectError(callApi("POST", BASE, { key: "not-a-key", body: { courier_slug: "ups", credentials: upsCredentials } }), 401);
    await expectError(callApi("GET", `${BASE}/0123456789abcdef0123456789abcdef`, { key: "not-a-key" }), 401);
  });

  it("exists from 2025-04 only", async () => {
    const { key } = await tenant();
    await expectError(callApi("GET", "/tracking/2024-07/courier-connections", { key }), 404);
    await expectError(callApi("GET", "/v4/courier-connections", { key }), 404);
  });

  it("allows 5 requests per second on each connection endpoint", async () => {
    const { key } = await tenant({ realLimits: true });
    const connection = await connect(key);
    const answers = [
      await callApi("GET", BASE, { key }),
      await callApi("GET", `${BASE}/${connection.id}`, { key }),
      await callApi("PATCH", `${BASE}/${connection.id}`, { key, body: { credentials: upsCredentials } }),
      await callApi("DELETE", `${BASE}/${connection.id}`, { key }),
    ];
    for (const res of answers) expect(res.headers.get("x-ratelimit-limit")).toBe("5");
  });
});

describe("trackings with courier connections", () => {
  it("default to the courier's earliest connection when none is named", async () => {
    const { key } = await tenant();
    const none = await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: upsNumber(), slug: "ups" } });
    expect(none.body.data.courier_connection_id).toBeNull();

    await connect(key, { courier_slug: "usps", credentials: { client_id: "usps-id", client_secret: "usps-secret-123456" } });
    const earliest = await connect(key);
    const later = await connect(key);
    const defaulted = await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: upsNumber(), slug: "ups" } });
    expect(defaulted.body.data.courier_connection_id).toBe(earliest.id);

    const chosen = await callApi("POST", "/v4/trackings", {
      key,
      body: { tracking: { tracking_number: upsNumber(), slug: "ups", courier_connection_id: later.id } },
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.data.tracking.courier_connection_id).toBe(later.id);
  });

  it("refuses an unknown id, another courier's connection and another organisation's (4008 naming courier_connection_id)", async () => {
    const mine = await tenant();
    const theirs = await tenant();
    const usps = await connect(mine.key, { courier_slug: "usps", credentials: { client_id: "usps-id", client_secret: "usps-secret-123456" } });
    const foreign = await connect(theirs.key);
    const create = (id: string) =>
      callApi("POST", "/tracking/2025-04/trackings", { key: mine.key, body: { tracking_number: upsNumber(), slug: "ups", courier_connection_id: id } });
    await expectError(create("0123456789abcdef0123456789abcdef"), 4008, /`courier_connection_id` is invalid: no courier connection has the id/);
    await expectError(create(foreign.id), 4008, /`courier_connection_id` is invalid: no courier connection/);
    await expectError(create(usps.id), 4008, "The value of `courier_connection_id` is invalid: the connection is for usps, but the tracking's courier is ups.");
  });

  it("validate the connection on update, and move to the new courier's default when the courier changes", async () => {
    const { key } = await tenant();
    const first = await connect(key);
    const second = await connect(key);
    const fedex = await connect(key, { courier_slug: "fedex", credentials: { client_id: "fx-id", client_secret: "fedex-secret-000000" } });
    const created = await callApi("POST", "/tracking/2024-07/trackings", { key, body: { tracking_number: upsNumber(), slug: "ups" } });
    const id = created.body.data.id;
    expect(created.body.data.courier_connection_id).toBe(first.id);

    const moved = await callApi("PUT", `/tracking/2024-07/trackings/${id}`, { key, body: { courier_connection_id: second.id } });
    expect(moved.body.data.courier_connection_id).toBe(second.id);
    await expectError(callApi("PUT", `/tracking/2024-07/trackings/${id}`, { key, body: { courier_connection_id: fedex.id } }), 4008, /`courier_connection_id`/);

    const recouriered = await callApi("PUT", `/tracking/2024-07/trackings/${id}`, { key, body: { slug: "fedex" } });
    expect(recouriered.body.data).toMatchObject({ slug: "fedex", courier_connection_id: fedex.id });
  });

  it("give the poller the connection's decrypted credentials", async () => {
    const { key, organization } = await tenant();
    const connection = await connect(key);
    const created = await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: upsNumber(), slug: "ups" } });
    const [tracking] = await testDb.db
      .select()
      .from(trackings)
      .where(and(eq(trackings.organizationId, organization.id), eq(trackings.id, created.body.data.id)));
    expect(tracking!.courierConnectionId).toBe(connection.id);
    expect(await credentialsForTracking(testDb.db, tracking!)).toEqual(upsCredentials);
    expect(await credentialsForTracking(testDb.db, { ...tracking!, courierConnectionId: null })).toBeUndefined();
  });
});
