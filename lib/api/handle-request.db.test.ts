import { describe, expect, it } from "vitest";
import { organizations } from "@/db/schema";
import { eq } from "drizzle-orm";
import { forgetAllApiKeys } from "@/lib/accounts/authenticate-api-key";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";

const testDb = setupTestDatabase();

describe("API envelope", () => {
  it("answers unknown paths with a 404 envelope and rate-limit headers", async () => {
    const { key } = await createTenant(testDb.db, { realLimits: true });
    const res = await callApi("GET", "/v4/no-such-thing", { key });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ meta: { code: 404, message: expect.any(String), type: "NotFound" }, data: {} });
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(Number(res.headers.get("x-ratelimit-limit"))).toBe(10);
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it("answers an unknown version under /tracking with a 404 envelope", async () => {
    const res = await callApi("GET", "/tracking/1999-01/trackings", { key: "x" });
    expect(res.status).toBe(404);
    expect(res.body.meta.type).toBe("NotFound");
  });

  it("names the version in as-api-version, aliases included", async () => {
    const res = await callApi("GET", "/tracking/2025-07/nothing-here");
    expect(res.headers.get("as-api-version")).toBe("2025-07");
    const direct = await callApi("GET", "/2024-07/nothing-here");
    expect(direct.headers.get("as-api-version")).toBe("2024-07");
  });

  it("answers a wrong method with 405 and the allowed ones", async () => {
    const { key } = await createTenant(testDb.db);
    const res = await callApi("PATCH", "/2024-07/trackings", { key, body: {} });
    expect(res.status).toBe(405);
    expect(res.body.meta).toMatchObject({ code: 405, type: "BadRequest" });
    expect(res.headers.get("allow")).toBe("POST, GET");
  });

  it("answers malformed JSON with 4001 and an oversized body with 413", async () => {
    const { key } = await createTenant(testDb.db);
    const malformed = await callApi("POST", "/2024-07/trackings", { key, rawBody: '{"tracking_number": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.meta).toMatchObject({ code: 4001, type: "BadRequest" });
    const notObject = await callApi("POST", "/2024-07/trackings", { key, rawBody: "[1,2]" });
    expect(notObject.body.meta.code).toBe(4001);
    const huge = await callApi("POST", "/2024-07/trackings", { key, rawBody: JSON.stringify({ note: "x".repeat(1024 * 1024 + 10) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.meta.code).toBe(413);
  });

  it("refuses NUL characters in the path, the query or the body as invalid values, not a 500", async () => {
    const { key } = await createTenant(testDb.db);
    const inPath = await callApi("GET", "/2024-07/trackings/testing-courier/a%00b", { key });
    expect(inPath.status).toBe(400);
    expect(inPath.body.meta).toMatchObject({ code: 4008, type: "BadRequest" });
    expect(inPath.body.meta.message).toContain("`tracking_number`");
    const inQuery = await callApi("GET", "/v4/trackings?keyword=a%00b", { key });
    expect(inQuery.body.meta).toMatchObject({ code: 4008 });
    expect(inQuery.body.meta.message).toContain("`keyword`");
    const inBody = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: "ITD-0-1234567", custom_fields: { "a\u0000": "b" } } });
    expect(inBody.body.meta).toMatchObject({ code: 4008 });
    expect(inBody.body.meta.message).toContain("`custom_fields.a`");
    const wrapped = await callApi("POST", "/v4/trackings", { key, body: { tracking: { tracking_number: "ITD-0-1234567", title: "x\u0000" } } });
    expect(wrapped.body.meta).toMatchObject({ code: 4008 });
    expect(wrapped.body.meta.message).toContain("`tracking.title`");
  });

  it("stores lone surrogates escaped in a JSON body as U+FFFD rather than failing", async () => {
    const { key } = await createTenant(testDb.db);
    const res = await callApi("POST", "/2024-07/trackings", {
      key,
      rawBody: '{"tracking_number":"ITD-0-7654321","slug":"testing-courier","custom_fields":{"a":"x\\ud800","\\udc00":"b"}}',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.custom_fields).toEqual({ a: "x\uFFFD", "\uFFFD": "b" });
  });

  it("answers a page number beyond safe integers with 4008", async () => {
    const { key } = await createTenant(testDb.db);
    const res = await callApi("GET", "/v4/trackings?page=9999999999999999999999", { key });
    expect(res.status).toBe(400);
    expect(res.body.meta.code).toBe(4008);
  });

  it("accepts trailing slashes without redirecting", async () => {
    const { key } = await createTenant(testDb.db);
    const res = await callApi("GET", "/2024-07/trackings/", { key });
    expect(res.status).toBe(200);
  });

  it("answers CORS preflights with the asked method's rate-limit window, spending nothing", async () => {
    const res = await fetchOptions("/2024-07/trackings");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-headers")).toContain("as-api-key");
    expect(res.headers.get("x-ratelimit-limit")).toBe("6");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("6");
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    const post = await fetchOptions("/2024-07/trackings", { "access-control-request-method": "POST" });
    expect(post.headers.get("x-ratelimit-limit")).toBe("20");
  });
});

async function fetchOptions(path: string, headers: Record<string, string> = {}) {
  const { OPTIONS } = await import("@/app/2024-07/[[...path]]/route");
  return OPTIONS(new Request(`http://waybill.test${path}`, { method: "OPTIONS", headers }), {
    params: Promise.resolve({ path: path.split("/").slice(2) }),
  });
}

describe("rate limits", () => {
  it("v4: 10 GET requests per second per organisation, then 429 with headers", async () => {
    const { key } = await createTenant(testDb.db, { realLimits: true });
    const results = [];
    // 2 × limit + 1 requests within a second: however they straddle windows, one window overflows.
    for (let i = 0; i < 21; i++) results.push(await callApi("GET", "/v4/trackings", { key }));
    const limited = results.filter((res) => res.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    const last = limited[limited.length - 1]!;
    expect(last.body).toEqual({ meta: { code: 429, message: expect.any(String), type: "TooManyRequests" }, data: {} });
    expect(last.headers.get("x-ratelimit-limit")).toBe("10");
    expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(last.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    // Writes are not limited in v4, but still report the window.
    const write = await callApi("POST", "/v4/trackings", { key, body: { tracking: {} } });
    expect(write.body.meta.code).toBe(4007);
    expect(write.headers.get("x-ratelimit-limit")).toBe("10");
  });

  it("2024-07: per endpoint (GET /trackings allows 6 per second)", async () => {
    const { key } = await createTenant(testDb.db, { realLimits: true });
    const statuses = [];
    for (let i = 0; i < 13; i++) statuses.push((await callApi("GET", "/2024-07/trackings", { key })).status);
    expect(statuses).toContain(429);
    // Another endpoint has its own window.
    const other = await callApi("GET", "/2024-07/trackings/nope", { key });
    expect(other.status).toBe(404);
    expect(other.headers.get("x-ratelimit-limit")).toBe("5");
  });

  it("2025-04: per endpoint (POST /trackings allows 20 per second)", async () => {
    const { key } = await createTenant(testDb.db, { realLimits: true });
    const first = await callApi("POST", "/2025-04/trackings", { key, body: {} });
    expect(first.headers.get("x-ratelimit-limit")).toBe("20");
    expect(Number(first.headers.get("x-ratelimit-remaining"))).toBeLessThanOrEqual(19);
    const statuses = [];
    for (let i = 0; i < 41; i++) statuses.push((await callApi("POST", "/2025-04/trackings", { key, body: {} })).status);
    expect(statuses).toContain(429);
  });

  it("honours an organisation's own limits", async () => {
    const { key, organization } = await createTenant(testDb.db, { realLimits: true });
    await testDb.db
      .update(organizations)
      .set({ rateLimits: { "2025-04 GET /trackings": 2 } })
      .where(eq(organizations.id, organization.id));
    forgetAllApiKeys();
    const res = await callApi("GET", "/2025-04/trackings", { key });
    expect(res.headers.get("x-ratelimit-limit")).toBe("2");
  });

  it("keeps organisations' windows apart", async () => {
    const a = await createTenant(testDb.db, { realLimits: true });
    const b = await createTenant(testDb.db, { realLimits: true });
    for (let i = 0; i < 21; i++) await callApi("GET", "/v4/trackings", { key: a.key });
    const res = await callApi("GET", "/v4/trackings", { key: b.key });
    expect(res.status).toBe(200);
  });
});
