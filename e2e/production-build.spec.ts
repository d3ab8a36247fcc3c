import { expect, test } from "@playwright/test";

const baseURL = process.env.WAYBILL_E2E_BASE_URL!;

test("the production build leaves the benchmark's reference routes out", async () => {
  for (const method of ["GET", "POST"]) {
    const response = await fetch(`${baseURL}/bench/ping`, { method, body: method === "POST" ? "{}" : undefined });
    expect(response.status, method).toBe(404);
  }
});
