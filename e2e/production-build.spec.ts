import { expect, test } from "@playwright/test";

const baseURL = process.env.WAYBILL_E2E_BASE_URL!;

test("the production build leaves the benchmark's reference routes out", async () => {
  for (const method of ["GET", "POST"]) {
    const response = await fetch(`${baseURL}/2025-04/bench-reference/trackings/x`, { method, body: method === "POST" ? "{}" : undefined });
    // The version's own catch-all answers instead: the API's 404 envelope for a path it does not serve.
    expect(response.status, method).toBe(404);
    expect((await response.json()).meta.code, method).toBe(404);
  }
  const page = await fetch(`${baseURL}/t/any-shop/bench-empty?bytes=10`);
  expect(await page.text()).not.toContain("xxxxxxxxxx");
});
