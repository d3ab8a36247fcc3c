import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddressOf, stampClientAddress, trustedProxies } from "./client-address";

function request(remoteAddress: string, headers: Record<string, string>): IncomingMessage {
  return { socket: { remoteAddress }, connection: { remoteAddress }, headers } as unknown as IncomingMessage;
}

describe("the client's address", () => {
  it("is the socket's by default: X-Forwarded-For and a forged stamp are ignored", () => {
    const forged = request("203.0.113.7", { "x-forwarded-for": "198.51.100.1", [CLIENT_ADDRESS_HEADER]: "10.0.0.1" });
    stampClientAddress(forged, trustedProxies(undefined));
    expect(clientAddressOf(forged.headers as Record<string, string>)).toBe("203.0.113.7");
  });

  it("comes from X-Forwarded-For only through configured proxies, skipping trusted hops", () => {
    const trust = trustedProxies("loopback, 10.0.0.0/8");
    const viaProxies = request("127.0.0.1", { "x-forwarded-for": "198.51.100.9, 10.1.2.3" });
    stampClientAddress(viaProxies, trust);
    expect(viaProxies.headers[CLIENT_ADDRESS_HEADER]).toBe("198.51.100.9");
    const direct = request("203.0.113.7", { "x-forwarded-for": "198.51.100.9" });
    stampClientAddress(direct, trust);
    expect(direct.headers[CLIENT_ADDRESS_HEADER]).toBe("203.0.113.7");
  });

  it("is unknown on a request the server did not stamp", () => {
    expect(clientAddressOf(new Headers())).toBe("unknown");
  });
});
