import { expect, test } from "@playwright/test";
import { baseURL, screenshot, signIn } from "./fixtures/dashboard";

test("a shipment that hits an exception lands in the needs-attention queue, where the merchant notes and resolves it", async ({ page }) => {
  // Info received, then an exception (returning to sender), both at the first poll.
  const trackingNumber = `IE010-0-${Date.now()}`;
  const created = await page.request.post(`${baseURL()}/2024-07/trackings`, {
    headers: { "waybill-api-key": process.env.WAYBILL_E2E_API_KEY! },
    data: { tracking_number: trackingNumber, slug: "testing-courier", title: "Returned lamp", emails: ["shopper@example.com"] },
  });
  expect(created.status()).toBe(201);
  await signIn(page);
  await expect(async () => {
    await page.goto("/trackings/attention");
    await expect(page.getByRole("listitem", { name: "Returned lamp" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  const entry = page.getByRole("listitem", { name: "Returned lamp" });
  await expect(entry).toContainText("Returning to sender");
  await screenshot(page, "attention-queue");

  await page.goto("/trackings?tag=attention");
  await expect(page.getByText("Returned lamp")).toBeVisible();

  await page.goto("/trackings/attention");
  await entry.getByLabel("Note on Returned lamp").fill("Customer asked for a refund");
  await entry.getByRole("button", { name: "Save note" }).click();
  await expect(entry.getByText("Note saved.")).toBeVisible();
  // The customer hears once per status in a day, however often the button is pressed; who asked is kept.
  await entry.getByRole("button", { name: "Contact customer" }).click();
  await expect(entry.getByText("The customer was sent the message for this status.")).toBeVisible();
  await entry.getByRole("button", { name: "Contact customer" }).click();
  await expect(entry.getByRole("alert")).toContainText("can be sent again after");
  await page.goto("/settings/notifications");
  await expect(page.getByText("shopper@example.com").first()).toBeVisible();
  await expect(page.getByText(/asked by admin@waybill\.test/).first()).toBeVisible();
  await expect(page.getByTestId("message-quota")).toContainText(/Today: \d+ of 1,000 messages sent/);
  await page.goto("/trackings/attention");
  await entry.getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByRole("listitem", { name: "Returned lamp" })).toHaveCount(0);
});
