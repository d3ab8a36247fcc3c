import { expect, test } from "@playwright/test";
import { baseURL, screenshot, signIn, testingNumber } from "./fixtures/dashboard";

test("creates an API key, uses it on the public API, and revokes it", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "API keys" }).first().click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await page.getByLabel("Key name").fill("E2E shop");
  await page.getByRole("button", { name: "Create key" }).click();
  const keyField = page.getByLabel("New API key");
  await expect(keyField).toHaveValue(/^wb_/);
  const key = await keyField.inputValue();
  await expect(page.getByRole("button", { name: "Copy API key" })).toBeVisible();
  await expect(page.getByLabel(/^API secret/)).toHaveValue(/.{32,}/);
  await expect(page.getByRole("button", { name: "Copy API secret" })).toBeVisible();
  await screenshot(page, "api-keys");

  const number = testingNumber();
  const created = await fetch(`${baseURL()}/2025-04/trackings`, {
    method: "POST",
    headers: { "waybill-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ tracking_number: number, slug: "testing-courier", title: "Made with the new key" }),
  });
  expect(created.status).toBe(201);
  const listed = await fetch(`${baseURL()}/2025-04/trackings?keyword=${number}`, { headers: { "waybill-api-key": key } });
  expect(listed.status).toBe(200);
  const body = await listed.json();
  expect(body.data.trackings.map((tracking: { tracking_number: string }) => tracking.tracking_number)).toEqual([number]);

  // What the API created shows in the dashboard too.
  await page.goto(`/trackings?keyword=${number}`);
  await expect(page.getByRole("link", { name: number })).toBeVisible();

  await page.goto("/developers/api-keys");
  await expect(page.getByRole("row", { name: /E2E shop/ })).toContainText(key.slice(0, 10));
  await page.getByRole("button", { name: "Revoke E2E shop" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("row", { name: /E2E shop/ })).toContainText("Revoked");
  const refused = await fetch(`${baseURL()}/2025-04/trackings`, { headers: { "waybill-api-key": key } });
  expect(refused.status).toBe(401);
});
