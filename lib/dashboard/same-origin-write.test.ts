import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { ORIGIN_HEADER } from "@/lib/http/request-origin";
import { refuseForeignWrite } from "./same-origin-write";

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

// Next.js builds request.url from the name it is bound to, not from the address the browser used.
const change = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/api/dashboard/api-keys", { method: "POST", headers: { "content-type": "application/json", ...headers } });

describe("changes from the dashboard's own pages", () => {
  it("are accepted at whatever address the browser used", () => {
    for (const origin of ["http://127.0.0.1:3217", "http://192.168.1.20:3000", "https://waybill.shop.example"]) {
      expect(refuseForeignWrite(change({ origin, [ORIGIN_HEADER]: origin })), origin).toBeNull();
    }
  });

  it("are accepted from the operator's configured address (a proxy that is not trusted to forward its host)", () => {
    vi.stubEnv("NEXTAUTH_URL", "https://waybill.shop.example");
    resetEnvForTests();
    expect(refuseForeignWrite(change({ origin: "https://waybill.shop.example", [ORIGIN_HEADER]: "http://10.0.0.2:3000" }))).toBeNull();
  });

  it("are refused from any other origin, however the request names its host", () => {
    const refused = refuseForeignWrite(change({ origin: "https://evil.example", [ORIGIN_HEADER]: "http://127.0.0.1:3217" }));
    expect(refused?.status).toBe(403);
    expect(refuseForeignWrite(change({ origin: "http://127.0.0.1:3217", [ORIGIN_HEADER]: "http://127.0.0.1:3218" }))?.status).toBe(403);
  });
});
