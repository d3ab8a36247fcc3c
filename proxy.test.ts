import { describe, expect, it } from "vitest";
import { proxy } from "./proxy";

const at = (path: string) => proxy(new Request(`http://waybill.test${path}`));

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
});
