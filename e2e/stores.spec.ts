import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { startFakeShopify, type FakeShopify } from "@/testing/stores/fake-shopify";
import { baseURL, screenshot, signIn } from "./fixtures/dashboard";

let shopify: FakeShopify;
const run = Date.now();

test.beforeAll(async () => {
  // The server was told this address for Shopify's Admin API when it started.
  // A bucket that holds one page of orders and refills slowly: the backfill's pages wait on Shopify's cost limit, visibly.
  shopify = await startFakeShopify({
    port: Number(process.env.WAYBILL_E2E_SHOPIFY_PORT),
    shop: "lima-lamps.myshopify.com",
    maximumAvailable: 700,
    restoreRate: 250,
  });
  const day = 86_400_000;
  for (let number = 1; number <= 50; number++) {
    const order = shopify.addOrder({ number: 500 + number, customer: { displayName: `Earlier shopper ${number}` } });
    shopify.fulfil(order.id, [`ITOD-20-${run}${500 + number}`], "Testing Courier");
    order.updatedAt = new Date(Date.now() - 2 * day).toISOString();
  }
  for (let number = 1; number <= 6; number++) {
    const order = shopify.addOrder({ number: 1000 + number, customer: { displayName: `Shopper ${number}` } });
    // Four shipped in the last days, two paid and still waiting for a label (one of them for a week).
    if (number <= 4) shopify.fulfil(order.id, [`ITOD-1-${run}${number}`], "Testing Courier");
    order.createdAt = new Date(Date.now() - (number === 6 ? 7 : 1) * day).toISOString();
  }
});
test.afterAll(async () => {
  await shopify.close();
});

test("an admin connects a Shopify store: its recent orders come in, new fulfilments follow, unshipped orders wait in their own list", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/stores");
  await expect(page.getByText("No store connected")).toBeVisible();
  await page.getByLabel("Shop").fill("lima-lamps");
  await page.getByLabel("Admin API access token").fill("wrong-token");
  await page.getByLabel("API secret key").fill(shopify.apiSecret);
  await page.getByRole("button", { name: "Connect store" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Shopify refused the access token" })).toBeVisible();
  await page.getByLabel("Admin API access token").fill(shopify.accessToken);
  await page.getByRole("button", { name: "Connect store" }).click();
  const store = page.getByRole("listitem", { name: "lima-lamps.myshopify.com" });
  await expect(store).toBeVisible();
  // Its orders of the last 30 days come in a page at a time, the count growing as they do.
  await expect(store.getByRole("status")).toContainText(/Bringing in orders changed since .*: \d+ orders read, \d+ trackings added so far/);
  await screenshot(page, "stores-backfill-running");
  await expect(store).toContainText("Backfill done: 56 orders read, 54 trackings added", { timeout: 45_000 });
  await screenshot(page, "stores-connected");

  // A fulfilment made now reaches Waybill through Shopify's signed webhook.
  const order = shopify.addOrder({ number: 2001, customer: { displayName: "Late Buyer" } });
  const fulfilment = shopify.fulfil(order.id, [`ITOD-1-${run}9`], "Testing Courier");
  expect(await shopify.deliver("fulfillments/create", fulfilment)).toBe(200);
  await expect(async () => {
    await page.goto(`/trackings?keyword=${run}9`);
    await expect(page.getByText(`ITOD-1-${run}9`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await page.goto("/trackings/awaiting");
  const awaiting = page.getByRole("list", { name: "Orders awaiting shipment" });
  await expect(awaiting.getByRole("listitem")).toHaveCount(2);
  await expect(awaiting.getByRole("listitem", { name: "Order #1006" })).toContainText("Not shipped after");
  await expect(awaiting.getByRole("listitem", { name: "Order #1005" })).toContainText("Preparing");
  await page.goto("/trackings/attention");
  await expect(page.getByRole("list", { name: "Orders not shipped" }).getByRole("listitem", { name: "Order #1006" })).toBeVisible();
  await screenshot(page, "orders-not-shipped");
});

test("an admin imports an AfterShip account in one step and sees its summary", async ({ page }) => {
  // The account to move: another organisation of this server, read through the same API AfterShip speaks.
  const created = spawnSync(
    "npx",
    [
      "tsx",
      "scripts/admin.ts",
      "org",
      "create",
      "--name",
      "Old AfterShip account",
      "--admin-email",
      `old-${run}@shop.example`,
      "--admin-password",
      "a-long-password",
    ],
    { env: { ...process.env, WAYBILL_DATA_DIR: process.env.WAYBILL_E2E_DATA_DIR! }, encoding: "utf8" },
  );
  const key = /^API key: (\S+)/m.exec(created.stdout)![1]!;
  for (let index = 1; index <= 3; index++) {
    const response = await page.request.post(`${baseURL()}/tracking/2025-04/trackings`, {
      headers: { "as-api-key": key },
      data: { tracking_number: `ITOD-0-${run}7${index}`, slug: "testing-courier", title: `Moved order ${index}`, order_number: `#M${index}` },
    });
    expect(response.status()).toBe(201);
  }
  await signIn(page);
  await page.goto("/settings/import");
  await page.getByLabel("AfterShip API key").fill("not-a-key");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "AfterShip refused the API key" })).toBeVisible();
  await page.getByLabel("AfterShip API key").fill(key);
  await page.getByRole("button", { name: "Import" }).click();
  const summary = page.getByRole("listitem", { name: /^Import of / }).first();
  await expect(summary).toContainText("Done", { timeout: 30_000 });
  await expect(summary).toContainText("3 imported, 0 updated, 0 skipped");
  await screenshot(page, "aftership-import");
  await page.goto(`/trackings?keyword=${run}7`);
  await expect(page.getByText("Moved order 1")).toBeVisible();
});
