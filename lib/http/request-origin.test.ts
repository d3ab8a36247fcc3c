import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { ORIGIN_HEADER, originOfIncoming, parseHost, requestOrigin } from "./request-origin";

function incoming(headers: Record<string, string>, encrypted = false): IncomingMessage {
  return { headers, socket: { remoteAddress: "127.0.0.1", encrypted } } as unknown as IncomingMessage;
}

describe("a request's host", () => {
  it("is a host and an optional port, lower-cased", () => {
    expect(parseHost("Shop.Example:8443")).toBe("shop.example:8443");
    expect(parseHost("127.0.0.1:3217")).toBe("127.0.0.1:3217");
    expect(parseHost("[::1]:3000")).toBe("[::1]:3000");
    expect(parseHost("waybill.example:80")).toBe("waybill.example:80");
  });

  it("is refused when it is anything else", () => {
    for (const bad of ["", " ", "evil.example/path", "user@evil.example", "a b", "evil.example:99999", "evil.example\\x", undefined, null]) {
      expect(parseHost(bad), String(bad)).toBeNull();
    }
  });
});

describe("the origin a client used", () => {
  it("is the Host and the socket's scheme; forwarded headers count only from a trusted proxy", () => {
    const request = incoming({ host: "127.0.0.1:3217", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(originOfIncoming(request, false)).toBe("http://127.0.0.1:3217");
    expect(originOfIncoming(request, true)).toBe("https://evil.example");
    expect(originOfIncoming(incoming({ host: "waybill.example" }, true), false)).toBe("https://waybill.example");
  });

  it("takes the first of several forwarded values (the proxy nearest the browser) and ignores a made-up scheme", () => {
    const request = incoming({ host: "10.0.0.2:3000", "x-forwarded-host": "waybill.example, inner.local", "x-forwarded-proto": "gopher" });
    expect(originOfIncoming(request, true)).toBe("http://waybill.example");
  });

  it("is none without a valid host", () => {
    expect(originOfIncoming(incoming({}), false)).toBeNull();
    expect(originOfIncoming(incoming({ host: "a/b" }), false)).toBeNull();
  });

  it("is read from the server's stamp, else the Host header, else the URL", () => {
    const stamped = new Request("http://localhost:3000/x", { headers: { [ORIGIN_HEADER]: "https://waybill.example", host: "localhost:3000" } });
    expect(requestOrigin(stamped)).toBe("https://waybill.example");
    expect(requestOrigin(new Request("http://localhost:3000/x", { headers: { host: "192.168.1.20:3000" } }))).toBe("http://192.168.1.20:3000");
    expect(requestOrigin(new Request("http://localhost:3000/x"))).toBe("http://localhost:3000");
  });
});
