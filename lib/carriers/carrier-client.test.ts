import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CarrierClient } from "./carrier-client";

// Answers each request with the next scripted [status, Retry-After] and counts the requests.
let server: Server;
let baseUrl = "";
let script: Array<[number, string?]> = [];
let requests = 0;
const sleeps: number[] = [];

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    const [status, retryAfter] = script.shift() ?? [200];
    response.writeHead(status, { "content-type": "application/json", ...(retryAfter ? { "retry-after": retryAfter } : {}) });
    response.end(JSON.stringify({ status }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = 0;
  sleeps.length = 0;
});

const client = (rateLimit: { points: number; durationSeconds: number } | null = null) =>
  new CarrierClient("Test carrier", "https://carrier.invalid/", { baseUrl: `${baseUrl}/`, rateLimit, sleep: async (ms) => void sleeps.push(ms) });

describe("carrier client base", () => {
  it("points at the configured base URL without its trailing slash", () => {
    expect(client().baseUrl).toBe(baseUrl);
    expect(new CarrierClient("Test carrier", "https://carrier.invalid/").baseUrl).toBe("https://carrier.invalid");
  });

  it("retries a throttled answer once when Retry-After asks for a short wait", async () => {
    script = [[429, "2"], [200]];
    const response = await client().send(`${baseUrl}/track`, {}, "key");
    expect(response.status).toBe(200);
    expect(requests).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  it("hands a long wait, or a failure without Retry-After, back to the caller unretried", async () => {
    script = [[429, "60"]];
    expect((await client().send(`${baseUrl}/track`, {}, "key")).status).toBe(429);
    script = [[503]];
    expect((await client().send(`${baseUrl}/track`, {}, "key")).status).toBe(503);
    expect(requests).toBe(2);
    expect(sleeps).toEqual([]);
  });

  it("retries a failing carrier only once", async () => {
    script = [
      [503, "1"],
      [503, "1"],
    ];
    expect((await client().send(`${baseUrl}/track`, {}, "key")).status).toBe(503);
    expect(requests).toBe(2);
  });

  it("keeps a quota per credential: one key's calls do not use another's", async () => {
    const limited = client({ points: 1, durationSeconds: 3600 });
    await limited.send(`${baseUrl}/track`, {}, "merchant-a");
    await limited.send(`${baseUrl}/track`, {}, "merchant-b");
    await expect(limited.send(`${baseUrl}/track`, {}, "merchant-a")).rejects.toMatchObject({ kind: "rate_limited" });
    expect(requests).toBe(2);
  });
});
