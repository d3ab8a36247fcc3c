import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startFakeShopify, type FakeShopify } from "@/testing/stores/fake-shopify";
import { baseURL, screenshot, signIn } from "./fixtures/dashboard";

let shopify: FakeShopify;
const run = Date.now();
const key = () => process.env.WAYBILL_E2E_API_KEY!;

test.beforeAll(async () => {
  // The server was told this address for Shopify's Admin API when it started (the stores test uses it later, on its own).
  shopify = await startFakeShopify({ port: Number(process.env.WAYBILL_E2E_SHOPIFY_PORT), shop: "split-shop.myshopify.com" });
});
test.afterAll(async () => {
  await shopify.close();
});

async function setMasking(page: Page, on: boolean) {
  await page.goto("/settings/tracking-page");
  await page.getByLabel("Hide the courier's name and link").setChecked(on);
  await page.getByLabel(/Hide where the parcel comes from/).setChecked(on);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved. The tracking page shows the change now.")).toBeVisible();
}

test("a shopper opens a three-parcel order (two shipped, one preparing), with the courier and origin hidden, and rates the delivered parcel", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/settings/stores");
  await page.getByLabel("Shop").fill("split-shop");
  await page.getByLabel("Admin API access token").fill(shopify.accessToken);
  await page.getByLabel("API secret key").fill(shopify.apiSecret);
  await page.getByLabel("Bring in the orders of the last … days").fill("0");
  await page.getByRole("button", { name: "Connect store" }).click();
  await expect(page.getByRole("listitem", { name: "split-shop.myshopify.com" })).toBeVisible();

  // Three items: the lamp and the shade ship in parcels of their own, the bulbs wait.
  const order = shopify.addOrder({
    number: 7001,
    email: "ana@example.com",
    lineItems: {
      nodes: [
        { title: "Blue lamp", quantity: 1 },
        { title: "Linen shade", quantity: 1 },
        { title: "Bulb", quantity: 2 },
      ],
    },
  });
  const delivered = `ITOD-0-${run}1`;
  const moving = `IT-0-${run}2`;
  expect(await shopify.deliver("fulfillments/create", shopify.fulfil(order.id, [delivered], "Testing Courier", ["Blue lamp"]))).toBe(200);
  expect(await shopify.deliver("fulfillments/create", shopify.fulfil(order.id, [moving], "Testing Courier", ["Linen shade"]))).toBe(200);
  // Both parcels polled (their testing-courier scans, all in Colorado, come at the first poll).
  await expect(async () => {
    const listed = await page.request.get(`${baseURL()}/2025-04/trackings?tracking_numbers=${delivered},${moving}`, { headers: { "waybill-api-key": key() } });
    const tags = ((await listed.json()).data.trackings as Array<{ tracking_number: string; tag: string }>).map((tracking) => tracking.tag).sort();
    expect(tags).toEqual(["Delivered", "InTransit"]);
  }).toPass({ timeout: 45_000 });

  await setMasking(page, true);
  const lookupUrl = await page.getByRole("link", { name: "Open the page" }).getAttribute("href");
  await page.goto(`${lookupUrl}?lang=en`);
  const byOrder = page.locator("form").filter({ hasText: "By order number" });
  await byOrder.getByLabel("Order number").fill("#7001");
  await byOrder.getByLabel("E-mail address or postal code").fill("ANA@example.com");
  await byOrder.getByRole("button", { name: "Track" }).click();
  await expect(page).toHaveURL(/\/order\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order #7001");
  await expect(page.getByText("Ana · 2 parcels")).toBeVisible();
  const parcels = page.getByRole("region", { name: /^Parcel \d$/ });
  await expect(parcels).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["On its way", "Delivered"]);
  await expect(page.getByRole("region", { name: "Being prepared" })).toContainText("2 × Bulb");

  // Each parcel opens to its journey; with the origin hidden, none of its Colorado scans shows.
  const second = parcels.nth(1);
  await second.getByText("Show its journey").click();
  await expect(second.getByText(/^No scans yet/)).toBeVisible();
  const source = await page.content();
  for (const hidden of ["Testing Courier", "Colorado", "Lakewood", "Denver"]) expect(source, hidden).not.toContain(hidden);

  // The shopper rates the delivered parcel, then reads the order on a phone.
  await second.getByLabel("4 · Good").check();
  await second.getByLabel("Anything to add? (optional)").fill("Left with the neighbour <b>thanks</b>!");
  await second.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your answer is saved." })).toBeVisible();
  await expect(page.getByLabel("4 · Good")).toBeChecked();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, "order-page-phone");

  // Insights shows the rating and the shopper's words (as text).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/insights");
  const comments = page.getByRole("region", { name: "Shoppers' comments" });
  await expect(comments).toContainText("Left with the neighbour <b>thanks</b>!");
  await expect(comments).toContainText("4 / 5");
  await expect(page.getByRole("region", { name: "Delivery satisfaction" })).toBeVisible();
  await screenshot(page, "insights-satisfaction");

  // The shared demo organisation is left as it was found.
  await setMasking(page, false);
  await page.goto("/settings/stores");
  await page.getByRole("listitem", { name: "split-shop.myshopify.com" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("No store connected")).toBeVisible();
});
