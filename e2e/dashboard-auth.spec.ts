import { expect, test } from "@playwright/test";
import { baseURL, E2E_ADMIN, screenshot, signIn } from "./fixtures/dashboard";

test("the dashboard asks for a session and its API refuses anonymous calls", async ({ page, request }) => {
  await page.goto("/trackings");
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  // The first admin came from WAYBILL_ADMIN_EMAIL: nobody is offered to create one.
  await expect(page.getByRole("heading", { name: "Create the first admin" })).toHaveCount(0);
  await screenshot(page, "sign-in");

  const anonymous = await request.get(`${baseURL()}/api/dashboard/trackings`);
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).error.message).toMatch(/sign in/i);
  const setUp = (headers: Record<string, string>) =>
    request.post(`${baseURL()}/api/auth/first-admin`, { headers, data: { email: "x@example.com", password: "long-enough-1" } });
  // From another origin (a page the admin happens to visit), refused before anything else.
  expect((await setUp({ origin: "https://evil.example" })).status()).toBe(403);
  expect((await setUp({ origin: new URL(baseURL()).origin })).status()).toBe(409);
});

test("signs in, refuses a wrong password, and signs out", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();

  await signIn(page);
  await expect(page.getByRole("heading", { name: "Trackings" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/settings/account");
  await expect(page).toHaveURL(/\/sign-in$/);
});
