import { expect, test } from "@playwright/test";
import { baseURL, screenshot, signIn } from "./fixtures/dashboard";

test("the API reference renders each version's OpenAPI document offline, and tries a call with a key", async ({ page }) => {
  // Swagger UI lays out a whole version's document in the browser: seconds on a loaded CI machine.
  test.setTimeout(120_000);
  const otherHosts: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== new URL(baseURL()).origin) otherHosts.push(request.url());
  });
  await signIn(page);
  await page.getByRole("link", { name: "API reference" }).first().click();
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
  await expect(page.getByText("Waybill tracking API 2026-07")).toBeVisible({ timeout: 30_000 });
  await expect(
    page
      .locator(".opblock-summary-path")
      .filter({ hasText: /^\/trackings$/ })
      .first(),
  ).toBeVisible();
  await expect(page.locator(".opblock-summary-path").filter({ hasText: "/courier-connections/{id}" }).first()).toBeVisible();
  await screenshot(page, "api-reference");

  await page.getByRole("button", { name: "Authorize" }).first().click();
  await page.locator(".auth-container input").fill(process.env.WAYBILL_E2E_API_KEY!);
  await page.getByRole("button", { name: "Apply credentials" }).click();
  await page.getByRole("button", { name: "Close" }).click();
  // A call with a small answer: the organisation's courier connections (none).
  const listConnections = page.locator("#operations-Courier_connections-getCourierConnections");
  await listConnections.locator(".opblock-summary").click();
  await listConnections.getByRole("button", { name: "Try it out" }).click();
  await listConnections.getByRole("button", { name: "Execute" }).click();
  await expect(listConnections.locator(".live-responses-table tbody .response-col_status").first()).toHaveText("200", { timeout: 15_000 });

  await page.getByLabel("Version").selectOption("v4");
  await expect(page.getByText("Waybill tracking API v4")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".opblock-summary-path").filter({ hasText: "/last_checkpoint/{id}" }).first()).toBeVisible();
  expect(otherHosts).toEqual([]);
});
