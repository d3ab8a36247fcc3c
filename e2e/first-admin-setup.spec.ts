import { expect, test } from "@playwright/test";
import { startWaybill, type RunningWaybill } from "./fixtures/server";

// A fresh install without WAYBILL_ADMIN_*: the first admin needs the token the server printed.
let fresh: RunningWaybill;
test.beforeAll(async () => {
  fresh = await startWaybill({ NEXTAUTH_SECRET: "e2e-fresh-install" });
});
test.afterAll(() => fresh.stop());

test("a fresh install prints a setup token; only its holder can create the first admin", async ({ page, request }) => {
  const [, token] = await fresh.waitFor(/Setup token: (\S+)/);
  const stranger = await request.post(`${fresh.baseURL}/api/auth/first-admin`, {
    data: { email: "stranger@example.com", password: "long-enough-1" },
    headers: { origin: fresh.baseURL },
  });
  expect(stranger.status()).toBe(403);

  await page.goto(`${fresh.baseURL}/sign-in?setup=${encodeURIComponent(token!)}`);
  await expect(page.getByRole("heading", { name: "Create the first admin" })).toBeVisible();
  await expect(page.getByLabel("Setup token")).toHaveValue(token!);
  await page.getByLabel("E-mail").fill("owner@example.com");
  await page.getByLabel("Password", { exact: true }).fill("a-long-password");
  await page.getByLabel("Repeat the password").fill("a-long-password");
  await page.getByRole("button", { name: "Create admin and sign in" }).click();
  await expect(page.getByRole("heading", { name: "Trackings" })).toBeVisible();

  const again = await request.post(`${fresh.baseURL}/api/auth/first-admin`, {
    data: { email: "late@example.com", password: "long-enough-1", setupToken: token },
    headers: { origin: fresh.baseURL },
  });
  expect(again.status()).toBe(409);
});
