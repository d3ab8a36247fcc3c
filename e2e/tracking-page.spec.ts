import { writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { chromium, expect, type Page, test } from "@playwright/test";
import { baseURL, screenshot, signIn } from "./fixtures/dashboard";

/** A shipment of the demo organisation whose testing-courier scans all happen at its first poll. */
interface Shipment {
  trackingNumber: string;
  orderNumber: string;
  pagePath: string;
}

let shipment: Shipment;
const run = Date.now();

test.beforeAll(async ({ request }) => {
  const trackingNumber = `ITOD-0-${run}`;
  const orderNumber = `E2E-${run}`;
  const created = await request.post(`${baseURL()}/2025-04/trackings`, {
    headers: { "waybill-api-key": process.env.WAYBILL_E2E_API_KEY! },
    data: {
      tracking_number: trackingNumber,
      slug: "testing-courier",
      order_number: orderNumber,
      destination_postal_code: "1011 AB",
      customers: [{ role: "buyer", name: "Ana Lima", email: "ana.lima@example.com", phone_number: "+14155550199" }],
    },
  });
  expect(created.status()).toBe(201);
  const pageUrl = (await created.json()).data.waybill_tracking_url as string;
  shipment = { trackingNumber, orderNumber, pagePath: new URL(pageUrl).pathname };
});

/** Reloads until the first poll has brought the scans (a few seconds in the embedded runner). */
async function waitForTimeline(page: Page, delivered: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(delivered, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test("a shopper looks up an order by its number and e-mail and sees the timeline", async ({ page }) => {
  await page.goto(shipment.pagePath.split("/").slice(0, 3).join("/"));
  await expect(page.getByRole("heading", { name: "Track your order", level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, "tracking-page-lookup");
  const byOrder = page.locator("form").filter({ hasText: "By order number" });
  await byOrder.getByLabel("Order number").fill(shipment.orderNumber);
  await byOrder.getByLabel("E-mail address or postal code").fill("ANA.LIMA@example.com");
  await byOrder.getByRole("button", { name: "Track" }).click();
  await expect(page).toHaveURL(/\/t\/[^/]+\/[0-9a-f]+\.f/);
  await waitForTimeline(page, "Delivered");
  await expect(page.getByText(`Order ${shipment.orderNumber} · Ana`)).toBeVisible();
  const timeline = page.getByRole("region", { name: "Shipment history" });
  await expect(timeline.getByRole("listitem")).toHaveCount(4);
  await expect(timeline.getByRole("listitem").first()).toContainText("Shipment has been delivered");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "4");
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, "tracking-page-shipment");
});

test("a lookup by tracking number alone shows the shipment without any personal data", async ({ page, context }) => {
  const hosts = new Set<string>();
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  await page.goto(shipment.pagePath.split("/").slice(0, 3).join("/"));
  const byNumber = page.locator("form").filter({ hasText: "By tracking number" });
  await byNumber.getByLabel("Tracking number").fill(shipment.trackingNumber);
  await byNumber.getByRole("button", { name: "Track" }).click();
  await expect(page).toHaveURL(/\/t\/[^/]+\/[0-9a-f]+\.p/);
  await waitForTimeline(page, "Delivered");
  const text = await page.locator("body").innerText();
  for (const personal of ["Ana", "Lima", "ana.lima", "example.com", "4155550199", shipment.orderNumber, "1011 AB"]) expect(text).not.toContain(personal);
  // No call to another host, and no cookie at all.
  expect([...hosts]).toEqual([new URL(baseURL()).host]);
  expect(await context.cookies()).toEqual([]);
  await screenshot(page, "tracking-page-public");
});

test("a failed lookup says only that nothing matched", async ({ page }) => {
  await page.goto(shipment.pagePath.split("/").slice(0, 3).join("/"));
  const byOrder = page.locator("form").filter({ hasText: "By order number" });
  await byOrder.getByLabel("Order number").fill(shipment.orderNumber);
  await byOrder.getByLabel("E-mail address or postal code").fill("someone.else@example.com");
  await byOrder.getByRole("button", { name: "Track" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "We could not find a shipment" })).toBeVisible();
});

test("the page speaks German to a German browser", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseURL(), locale: "de-DE" });
  const page = await context.newPage();
  await page.goto(shipment.pagePath);
  await waitForTimeline(page, "Zugestellt");
  await expect(page.getByRole("heading", { name: "Sendungsverlauf" })).toBeVisible();
  await expect(page.getByText("Bestellt", { exact: true })).toBeVisible();
  await screenshot(page, "tracking-page-german");
  await page.getByRole("link", { name: "IT Italiano" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Consegnato");
  await context.close();
});

test("at phone width the shipment page fits without sideways scrolling", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(shipment.pagePath);
  await waitForTimeline(page, "Delivered");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "tracking-page-phone");
  await context.close();
});

test("a branding change in Settings shows on the page, under its new handle", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/tracking-page");
  await expect(page.getByRole("heading", { name: "Tracking page", level: 1 })).toBeVisible();
  const handle = `lima-${run % 100000}`;
  await page.getByLabel("Handle").fill(handle);
  await page.getByLabel("Display name").fill("Lima Lamps");
  await page.getByLabel("Accent colour").fill("#ffff00");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/too light for white text/)).toBeVisible();
  await page.getByLabel("Accent colour").fill("#0f766e");
  await page.getByLabel("Support e-mail").fill("help@lima.example");
  await page.getByLabel("Help links").fill("Returns | https://lima.example/returns");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved. The tracking page shows the change now.")).toBeVisible();
  await screenshot(page, "settings-tracking-page");

  // The link the API gave before the handle existed still opens the page, now under the handle.
  await page.goto(shipment.pagePath);
  await expect(page).toHaveURL(new RegExp(`/t/${handle}/`));
  await expect(page.getByText("Lima Lamps")).toBeVisible();
  await expect(page.getByRole("link", { name: "Returns" })).toHaveAttribute("href", "https://lima.example/returns");
  await expect(page.getByRole("link", { name: /help@lima\.example/ })).toBeVisible();
  const accent = await page
    .getByRole("progressbar")
    .locator("div")
    .evaluate((bar) => getComputedStyle(bar).backgroundColor);
  expect(accent).toBe("rgb(15, 118, 110)");
  await screenshot(page, "tracking-page-branded");
});

test("a merchant proves its own domain with a DNS record, then gets its tracking page at /", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/tracking-page");
  await page.getByLabel("Your own domain (optional)").fill("track.lima.test");
  await page.getByRole("button", { name: "Save changes" }).click();
  const proof = page.getByTestId("domain-proof");
  await expect(proof).toContainText("Not served yet");
  await expect(proof).toContainText("_waybill-challenge.track.lima.test");
  const value = (await proof.locator("dd").nth(1).textContent())!;
  expect(value).toMatch(/^waybill-verify=[0-9a-f]{32}$/);
  const port = new URL(baseURL()).port;
  // A real browser resolving the merchant's domain to this server, as DNS would.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP track.lima.test 127.0.0.1"],
  });
  const shopper = await browser.newPage();
  // Unproven, the domain is not the merchant's: no tracking page at its root.
  await shopper.goto(`http://track.lima.test:${port}/`);
  await expect(shopper.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await proof.getByRole("button", { name: "Check DNS" }).click();
  await expect(proof.getByRole("alert")).toContainText("No TXT record at _waybill-challenge.track.lima.test yet");
  // The merchant adds the record at its DNS provider (this server's resolver asks a local fake).
  writeFileSync(process.env.WAYBILL_E2E_DNS_RECORDS!, JSON.stringify({ "_waybill-challenge.track.lima.test": [value] }));
  await proof.getByRole("button", { name: "Check DNS" }).click();
  await expect(page.getByText("Domain proven: the page is served at its root.")).toBeVisible();

  await shopper.goto(`http://track.lima.test:${port}/`);
  await expect(shopper.getByRole("heading", { name: "Track your order", level: 1 })).toBeVisible();
  await expect(shopper.getByText("Lima Lamps")).toBeVisible();
  const byNumber = shopper.locator("form").filter({ hasText: "By tracking number" });
  await byNumber.getByLabel("Tracking number").fill(shipment.trackingNumber);
  await byNumber.getByRole("button", { name: "Track" }).click();
  await expect(shopper).toHaveURL(new RegExp(`^http://track\\.lima\\.test:${port}/t/`));
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Delivered");
  await shopper.screenshot({ path: "e2e/screenshots/tracking-page-custom-domain.png", fullPage: true });

  // Another merchant's page does not exist under this merchant's domain; at Waybill's own address it does.
  const created = spawnSync(
    "npx",
    ["tsx", "scripts/admin.ts", "org", "create", "--name", "Other shop", "--admin-email", "other@shop.example", "--admin-password", "a-long-password"],
    {
      env: { ...process.env, WAYBILL_DATA_DIR: process.env.WAYBILL_E2E_DATA_DIR! },
      encoding: "utf8",
    },
  );
  const other = /^Organisation: (\S+)/m.exec(created.stdout)![1]!;
  expect((await shopper.goto(`http://track.lima.test:${port}/t/${other}`))!.status()).toBe(404);
  expect((await shopper.goto(`${baseURL()}/t/${other}`))!.status()).toBe(200);
  await browser.close();
});
