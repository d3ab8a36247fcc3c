import { expect, test } from "@playwright/test";
import { startFakeKlaviyo, type FakeKlaviyo } from "@/testing/klaviyo/fake-klaviyo";
import { screenshot, signIn } from "./fixtures/dashboard";

let klaviyo: FakeKlaviyo;

test.beforeAll(async () => {
  // The server was told this address for Klaviyo's API when it started.
  klaviyo = await startFakeKlaviyo({ port: Number(process.env.WAYBILL_E2E_KLAVIYO_PORT) });
});
test.afterAll(async () => {
  await klaviyo.close();
});

test("an admin connects Klaviyo with a key Klaviyo accepts, names a metric, and sees when the key is revoked", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/integrations/klaviyo");
  const key = page.getByLabel("Private API key", { exact: true });
  await key.fill("pk_not_the_right_key");
  await page.getByRole("button", { name: "Connect Klaviyo" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Klaviyo refused this key" })).toBeVisible();

  await key.fill(klaviyo.key);
  await page.getByLabel("In transit").fill("Parcel on its way");
  await page.getByRole("button", { name: "Connect Klaviyo" }).click();
  await expect(page.getByText(`Key ending in ${klaviyo.key.slice(-4)}`)).toBeVisible();
  await expect(page.getByText("Connected", { exact: true })).toBeVisible();
  await expect(page.getByLabel("In transit")).toHaveValue("Parcel on its way");
  // The key never comes back to the browser.
  expect(await page.content()).not.toContain(klaviyo.key);
  await screenshot(page, "klaviyo-connected");

  // The merchant deletes the key in Klaviyo: the page says so.
  klaviyo.revokeKey();
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByRole("alert").filter({ hasText: `Klaviyo refused the key ending in ${klaviyo.key.slice(-4)}` })).toBeVisible();
  await screenshot(page, "klaviyo-key-refused");

  // The shared demo organisation is left as it was found.
  await page.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByRole("button", { name: "Connect Klaviyo" })).toBeVisible();
});
