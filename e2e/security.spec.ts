import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN, baseURL, signIn } from "./fixtures/dashboard";

test("after sign-in, a callbackUrl that folds into another site leads back to the dashboard", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/sign-in?callbackUrl=%2F%09%2Fevil.example");
  // The page runs under a nonce-only script policy without eval, and cannot be framed.
  const policy = response!.headers()["content-security-policy"]!;
  expect(policy).toMatch(/script-src 'self' 'nonce-/);
  expect(policy).not.toContain("unsafe-eval");
  expect(policy).toContain("frame-ancestors 'none'");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/trackings$/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL()).origin);
  await expect(page.getByRole("heading", { name: "Trackings" })).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe("a page on another origin of the same site", () => {
  let attacker: Server;
  let attackerURL = "";

  test.beforeAll(async () => {
    // Same host, another port: same site for cookies (SameSite=Lax sends them), another origin.
    const target = `${baseURL()}/api/dashboard/api-keys`;
    const html = `<!doctype html><title>prize</title><script>
      fetch(${JSON.stringify(target)}, { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: JSON.stringify({ name: "forged-by-fetch" }) })
        .finally(() => { document.title = "sent"; });
    </script>`;
    attacker = createServer((_, response) => response.writeHead(200, { "content-type": "text/html" }).end(html));
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    attackerURL = `http://${new URL(baseURL()).hostname}:${(attacker.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

  test("cannot make a signed-in admin's browser create an API key", async ({ page }) => {
    await signIn(page);
    await page.goto(attackerURL);
    await expect(page).toHaveTitle("sent");
    const keys = await page.request.get(`${baseURL()}/api/dashboard/api-keys`);
    expect(keys.status()).toBe(200);
    expect(JSON.stringify(await keys.json())).not.toContain("forged-by-fetch");
    // The same call from the dashboard's own origin, as the page makes it, works.
    const own = await page.request.post(`${baseURL()}/api/dashboard/api-keys`, {
      headers: { origin: new URL(baseURL()).origin, "content-type": "application/json" },
      data: { name: "made-by-the-dashboard" },
    });
    expect(own.status()).toBe(201);
  });
});

test("signing out in one browser ends the session in another", async ({ browser }) => {
  const laptop = await browser.newContext({ baseURL: baseURL() });
  const phone = await browser.newContext({ baseURL: baseURL() });
  const [onLaptop, onPhone] = [await laptop.newPage(), await phone.newPage()];
  await signIn(onLaptop);
  await signIn(onPhone);
  await onLaptop.getByRole("button", { name: "Sign out" }).click();
  // The sign-in page, with or without the callback a page still open adds when its session ends.
  await expect(onLaptop).toHaveURL(/\/sign-in(\?|$)/);
  await onPhone.goto("/settings/account");
  await expect(onPhone).toHaveURL(/\/sign-in/);
  // Signing in again works as before.
  await signIn(onPhone);
  await Promise.all([laptop.close(), phone.close()]);
});

test("wrong passwords are counted per client address, which X-Forwarded-For cannot change", async ({ page }) => {
  const csrf = (await (await page.request.get(`${baseURL()}/api/auth/csrf`)).json()).csrfToken as string;
  const attempt = (forwardedFor: string) =>
    page.request.post(`${baseURL()}/api/auth/callback/credentials`, {
      form: { csrfToken: csrf, email: "nobody-here@example.test", password: "wrong-password-1", json: "true" },
      headers: { "x-forwarded-for": forwardedFor },
      maxRedirects: 0,
    });
  const answers: string[] = [];
  // The server trusts no proxy here: each attempt claims another address, all count against the socket's.
  for (let i = 0; i < 11; i++) {
    // next-auth answers with a redirect, or with its `url` as JSON: either way the error rides in it.
    const answer = await attempt(`198.51.100.${i}`);
    const location = answer.headers()["location"] ?? ((await answer.json().catch(() => ({}))) as { url?: string }).url ?? "";
    answers.push(decodeURIComponent(location));
  }
  expect(answers.slice(0, 10).every((location) => !location.includes("Too many"))).toBe(true);
  expect(answers[10]).toContain("Too many sign-in attempts");
});
