import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyKeys, trackings } from "@/db/schema";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { claimIdempotencyKey, IDEMPOTENCY_WINDOW_MS } from "./idempotency";

const testDb = setupTestDatabase();
let sequence = 0;
const number = () => `IDEM-${Date.now()}-${++sequence}`;

async function countTrackings(organizationId: string, trackingNumber: string) {
  const rows = await testDb.db
    .select({ id: trackings.id })
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.trackingNumber, trackingNumber)));
  return rows.length;
}

describe("Idempotency-Key on creating POSTs", () => {
  it.each(["/tracking/2026-07/trackings", "/2025-04/trackings", "/v4/trackings"])(
    "a retried create on %s returns the first answer and creates once",
    async (path) => {
      const { organization, key } = await createTenant(testDb.db);
      const trackingNumber = number();
      const body = path.startsWith("/v4")
        ? { tracking: { slug: "testing-courier", tracking_number: trackingNumber, title: "first" } }
        : { slug: "testing-courier", tracking_number: trackingNumber, title: "first" };
      const headers = { "idempotency-key": `order-${trackingNumber}` };
      const first = await callApi("POST", path, { key, body, headers });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const retry = await callApi("POST", path, { key, body, headers });
      expect(retry.status).toBe(201);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.body).toEqual(first.body);
      expect(await countTrackings(organization.id, trackingNumber)).toBe(1);
    },
  );

  it("reads the same body in another key order as the same request", async () => {
    const { key } = await createTenant(testDb.db);
    const trackingNumber = number();
    const headers = { "idempotency-key": `k-${trackingNumber}` };
    const first = await callApi("POST", "/2026-07/trackings", { key, headers, body: { slug: "testing-courier", tracking_number: trackingNumber } });
    const reordered = await callApi("POST", "/2026-07/trackings", {
      key,
      headers,
      rawBody: `{"tracking_number":"${trackingNumber}",  "slug":"testing-courier"}`,
    });
    expect(reordered.body.data.id).toBe(first.body.data.id);
  });

  it("refuses the same key with another body, naming the conflict, and creates nothing", async () => {
    const { organization, key } = await createTenant(testDb.db);
    const trackingNumber = number();
    const other = number();
    const headers = { "idempotency-key": `k-${trackingNumber}` };
    await callApi("POST", "/2026-07/trackings", { key, headers, body: { slug: "testing-courier", tracking_number: trackingNumber } });
    const refused = await callApi("POST", "/2026-07/trackings", { key, headers, body: { slug: "testing-courier", tracking_number: other } });
    expect(refused.status).toBe(409);
    expect(refused.body.meta).toMatchObject({ code: 409, type: "BadRequest" });
    expect(refused.body.meta.message).toMatch(/Idempotency-Key.*another request/);
    expect(await countTrackings(organization.id, other)).toBe(0);
  });

  it("replays a refusal too, and keeps keys per organisation", async () => {
    const a = await createTenant(testDb.db);
    const b = await createTenant(testDb.db);
    const headers = { "idempotency-key": "shared-key-1" };
    const bad = { slug: "testing-courier", tracking_number: "x" };
    const refused = await callApi("POST", "/2026-07/trackings", { key: a.key, headers, body: bad });
    expect(refused.status).toBe(400);
    const again = await callApi("POST", "/2026-07/trackings", { key: a.key, headers, body: bad });
    expect(again.body).toEqual(refused.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const trackingNumber = number();
    const otherTenant = await callApi("POST", "/2026-07/trackings", {
      key: b.key,
      headers,
      body: { slug: "testing-courier", tracking_number: trackingNumber },
    });
    expect(otherTenant.status).toBe(201);
  });

  it("lets concurrent retries create one tracking: the others are told to retry, then get the same answer", async () => {
    const { organization, key } = await createTenant(testDb.db);
    const trackingNumber = number();
    const request = { key, headers: { "idempotency-key": `burst-${trackingNumber}` }, body: { slug: "testing-courier", tracking_number: trackingNumber } };
    const answers = await Promise.all(Array.from({ length: 8 }, () => callApi("POST", "/2026-07/trackings", request)));
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    expect(await countTrackings(organization.id, trackingNumber)).toBe(1);
    const settled = await callApi("POST", "/2026-07/trackings", request);
    expect(settled.status).toBe(201);
    const created = answers.find((answer) => answer.status === 201)!;
    expect(settled.body.data.id).toBe(created.body.data.id);
  });

  it("forgets a key after 24 hours, and refuses a malformed key", async () => {
    const { organization, key } = await createTenant(testDb.db);
    const request = { organizationId: organization.id, key: "old-key", requestHash: "a" };
    const long = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 1000);
    expect((await claimIdempotencyKey(testDb.db, request, long)).kind).toBe("run");
    expect((await claimIdempotencyKey(testDb.db, { ...request, requestHash: "b" })).kind).toBe("run");
    const left = await testDb.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.organizationId, organization.id));
    expect(left.map((row) => row.requestHash)).toEqual(["b"]);

    const malformed = await callApi("POST", "/2026-07/trackings", {
      key,
      headers: { "idempotency-key": "has space" },
      body: { slug: "testing-courier", tracking_number: number() },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.meta.message).toContain("Idempotency-Key");
  });
});
