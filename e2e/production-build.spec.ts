import { expect, test } from "@playwright/test";
import { startWaybill } from "./fixtures/server";

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

// A supervisor restarts a server that exits; one left listening would answer every request with a 500.
const refusedSettings: { refused: string; settings: Record<string, string>; says: RegExp }[] = [
  {
    refused: "a METRICS_TOKEN too short",
    settings: { METRICS_TOKEN: "too-short" },
    says: /Waybill could not start: Invalid configuration:\s+METRICS_TOKEN: at least 16 characters/,
  },
  {
    refused: "DATABASE_URL without the shared key and secret",
    settings: { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test", WAYBILL_ENCRYPTION_KEY: "", NEXTAUTH_SECRET: "" },
    says: /Waybill could not start: with DATABASE_URL, every instance needs the same WAYBILL_ENCRYPTION_KEY and NEXTAUTH_SECRET/,
  },
];
for (const { refused, settings, says } of refusedSettings) {
  test(`a server given ${refused} says why and exits`, async () => {
    const server = await startWaybill({ NEXTAUTH_SECRET: "e2e-refused-settings", ...settings });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(says);
    } finally {
      await server.stop();
    }
  });
}
