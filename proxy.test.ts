import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "./proxy";

const at = (path: string, headers: Record<string, string> = {}) => proxy(new NextRequest(`http://waybill.test${path}`, { headers }));

describe("proxy", () => {
  it("answers a path that is not valid percent-encoding with the 404 envelope, not Next.js's plain 500", async () => {
    for (const path of ["/v4/trackings/%", "/tracking/2025-04/trackings/%E2%9C", "/estimated-delivery-date/%FF"]) {
      const res = at(path)!;
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await res.json()).toEqual({ meta: { code: 404, message: expect.any(String), type: "NotFound" }, data: {} });
    }
  });

  it("lets well-formed encodings through to the routes", () => {
    expect(at("/v4/trackings/%E2%9C%93")).toBeUndefined();
    expect(at("/tracking/2024-07/trackings/testing-courier/a%2Fb")).toBeUndefined();
  });

  it("puts the security headers on pages, with a fresh nonce and no eval", () => {
    const first = at("/trackings")!;
    const second = at("/trackings")!;
    const policy = first.headers.get("content-security-policy")!;
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toBeNull();
    expect(at("/sign-in", { "x-forwarded-proto": "https" })!.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("leaves a merchant's logo to its own headers, not a page's policy", () => {
    expect(at("/t/shop/logo?v=1")).toBeUndefined();
    expect(at("/t/shop")!.headers.get("content-security-policy")).toContain("script-src");
  });
});
