import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { carrierRequest, errorForStatus, mapWithConcurrency, retryAfterSeconds } from "@/lib/carriers/http-client";
import { parseRateLimit, RequestThrottle } from "@/lib/carriers/request-throttle";

describe("carrier HTTP helpers", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterSeconds(new Headers({ "Retry-After": "120" }))).toBe(120);
    const nowMs = Date.parse("2025-03-01T00:00:00Z");
    expect(retryAfterSeconds(new Headers({ "Retry-After": "Sat, 01 Mar 2025 00:01:30 GMT" }), nowMs)).toBe(90);
    expect(retryAfterSeconds(new Headers())).toBeUndefined();
    expect(retryAfterSeconds(new Headers({ "Retry-After": "later" }))).toBeUndefined();
  });

  it("maps HTTP statuses to error kinds", () => {
    const response = (status: number, headers: Record<string, string> = {}) => ({ status, headers: new Headers(headers), body: null });
    expect(errorForStatus("X", response(401)).kind).toBe("auth");
    expect(errorForStatus("X", response(403)).kind).toBe("auth");
    expect(errorForStatus("X", response(429, { "Retry-After": "5" }))).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 5 });
    expect(errorForStatus("X", response(503, { "Retry-After": "60" }))).toMatchObject({ kind: "unavailable", retryAfterSeconds: 60 });
    expect(errorForStatus("X", response(400), "bad number").message).toContain("bad number");
    expect(errorForStatus("X", response(400)).kind).toBe("bad_request");
  });

  it("reports an unreachable carrier as unavailable and keeps non-JSON bodies as text", async () => {
    await expect(carrierRequest("X", "http://127.0.0.1:1/", {}, { timeoutMs: 1_000 })).rejects.toMatchObject({
      kind: "unavailable",
      message: expect.stringContaining("could not be reached"),
    });
    const server = createServer((_, response) => response.end("<html>gateway</html>"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      expect((await carrierRequest("X", url, {}, {})).body).toBe("<html>gateway</html>");
    } finally {
      server.close();
    }
  });

  it("runs at most the given number of tasks at once and stops starting new ones after a failure", async () => {
    let running = 0;
    let peak = 0;
    const results = await mapWithConcurrency([1, 2, 3, 4, 5, 6], 2, async (value) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return value * 10;
    });
    expect(results).toEqual([10, 20, 30, 40, 50, 60]);
    expect(peak).toBe(2);
    const started: number[] = [];
    await expect(
      mapWithConcurrency([1, 2, 3, 4], 1, async (value) => {
        started.push(value);
        if (value === 2) throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(started).toEqual([1, 2]);
  });
});

describe("client-side throttle", () => {
  it("parses quotas", () => {
    expect(parseRateLimit("60/3600")).toEqual({ points: 60, durationSeconds: 3600 });
    expect(parseRateLimit(" 1 / 1 ")).toEqual({ points: 1, durationSeconds: 1 });
    expect(parseRateLimit("off")).toBeNull();
    expect(parseRateLimit("0/1")).toBeNull();
    expect(parseRateLimit(undefined)).toBeNull();
  });

  it("waits out short windows, refuses long ones with the seconds to wait, per key", async () => {
    const fast = new RequestThrottle("X", { points: 1, durationSeconds: 1 });
    await fast.acquire("a");
    const started = Date.now();
    await fast.acquire("a");
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    const slow = new RequestThrottle("X", { points: 1, durationSeconds: 3600 });
    await slow.acquire("a");
    await slow.acquire("b");
    await expect(slow.acquire("a")).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 3600 });
    await new RequestThrottle("X", null).acquire("a");
  });
});
