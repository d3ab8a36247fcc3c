import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedHosts } from "./allowed-hosts";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { ORIGIN_HEADER } from "./request-origin";
import { gateEveryRequest } from "./server-gate";

let server: Server;
let port: number;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  gateEveryRequest({
    trustedProxies: undefined,
    hostAllowed: allowedHosts("waybill.example"),
    otherHostAllowed: async (host) => host === "track.shop.example",
  });
  // Stands in for Next.js: the gate must sit in front of a listener added when the server was made.
  server = createServer((request, response) => {
    seen.push(request.headers);
    response.end("page");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: "127.0.0.1", port, path: "/settings", headers, setHost: false }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("the server gate", () => {
  it("answers allowed hosts, loopback and merchants' domains, stamping the address the client used", async () => {
    for (const host of ["waybill.example", `127.0.0.1:${port}`, "track.shop.example"]) {
      seen.length = 0;
      const answer = await get({ host, "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", [ORIGIN_HEADER]: "https://forged.example" });
      expect(answer, host).toEqual({ status: 200, body: "page" });
      // Not a trusted proxy: its forwarded host and scheme are replaced by the Host it sent and the socket's scheme.
      expect(seen[0]![ORIGIN_HEADER]).toBe(`http://${host}`);
      expect(seen[0]!["x-forwarded-host"]).toBe(host);
      expect(seen[0]!["x-forwarded-proto"]).toBe("http");
      expect(seen[0]![CLIENT_ADDRESS_HEADER]).toBe("127.0.0.1");
    }
  });

  it("answers 421 for another host and 400 without a valid one, never reaching the pages", async () => {
    seen.length = 0;
    expect(await get({ host: "evil.example" })).toEqual({ status: 421, body: "This server does not answer for evil.example (ALLOWED_HOSTS).\n" });
    expect((await get({ host: "a b" })).status).toBe(400);
    expect((await get({})).status).toBe(400);
    expect(seen).toHaveLength(0);
  });
});
