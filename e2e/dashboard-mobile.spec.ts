import { expect, test } from "@playwright/test";
import { baseURL, screenshot, signIn, testingNumber } from "./fixtures/dashboard";

test("each main page renders at phone width", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const number = testingNumber();
  const created = await page.request.post(`${baseURL()}/2025-04/trackings`, {
    headers: { "waybill-api-key": process.env.WAYBILL_E2E_API_KEY! },
    data: { tracking_number: number, slug: "testing-courier", title: "Phone-width parcel", customers: [{ name: "Ana Ruiz", email: "ana@example.com" }] },
  });
  const { id } = (await created.json()).data;
  await signIn(page);
  await expect(page.getByText(number).first()).toBeVisible();
  await screenshot(page, "mobile-trackings");
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  await screenshot(page, "mobile-menu");
  await page.getByRole("link", { name: "Couriers", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Couriers", level: 1 })).toBeVisible();
  await screenshot(page, "mobile-settings-couriers");
  await page.goto("/trackings/new");
  await screenshot(page, "mobile-tracking-new");
  await page.goto(`/trackings/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
  await screenshot(page, "mobile-tracking-detail");
  for (const path of ["/trackings", "/trackings/new", "/developers/api-keys", "/settings/members"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect({ path, overflow }).toEqual({ path, overflow: 0 });
  }
  await context.close();
});
