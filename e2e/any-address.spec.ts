import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import { startReverseProxy, type ReverseProxy } from "./fixtures/reverse-proxy";
import { startWaybill, type RunningWaybill } from "./fixtures/server";

// A server as a self-hoster runs one: no NEXTAUTH_URL, no PUBLIC_BASE_URL, opened by whatever address reaches it.
let server: RunningWaybill;
let proxy: ReverseProxy;
let browser: Browser;
const owner = { email: "owner@shop.example", password: "a-long-password" };

test.beforeAll(async () => {
  server = await startWaybill({ NEXTAUTH_URL: "", NEXTAUTH_SECRET: "e2e-any-address", TRUSTED_PROXIES: "loopback" });
  proxy = await startReverseProxy(server.baseURL);
  // Two more names for this machine, as DNS or /etc/hosts would give them.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
      "--host-resolver-rules=MAP waybill-lan.test 127.0.0.1, MAP shop-proxy.test 127.0.0.1",
    ],
  });
});

test.afterAll(async () => {
  await browser.close();
  await proxy.close();
  await server.stop();
});

const port = () => new URL(server.baseURL).port;

async function signInAt(page: Page, address: string): Promise<void> {
  await page.goto(`${address}/sign-in`);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${address}/trackings`);
}

async function changeTrackingPageAt(page: Page, address: string, displayName: string): Promise<void> {
  await page.goto(`${address}/settings/tracking-page`);
  await expect(page.getByText(`Shoppers look up their orders at ${address}/t/`)).toBeVisible();
  await page.getByLabel("Display name").fill(displayName);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved. The tracking page shows the change now.")).toBeVisible();
}

test("the start says where it serves and what background messages link to", async () => {
  await server.waitFor(new RegExp(`serving at http://127\\.0\\.0\\.1:${port()}`));
  await server.waitFor(new RegExp(`PUBLIC_BASE_URL is unset: .* background link to http://127\\.0\\.0\\.1:${port()}`));
});

test("a fresh install opened by its IP address takes its first admin there", async () => {
  const [, token] = await server.waitFor(/Setup token: (\S+)/);
  const page = await browser.newPage();
  await page.goto(`${server.baseURL}/sign-in?setup=${encodeURIComponent(token!)}`);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByLabel("Repeat the password").fill(owner.password);
  await page.getByRole("button", { name: "Create admin and sign in" }).click();
  await expect(page.getByRole("heading", { name: "Trackings" })).toBeVisible();
  await expect(page).toHaveURL(`${server.baseURL}/trackings`);
  await page.close();
});

for (const [name, address] of [
  ["its IP address", () => server.baseURL],
  ["a second host name", () => `http://waybill-lan.test:${port()}`],
  ["a reverse proxy on another port", () => `http://shop-proxy.test:${proxy.port}`],
] as const) {
  test(`the dashboard signs in and changes settings at ${name}`, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAt(page, address());
    await changeTrackingPageAt(page, address(), `Shop via ${name}`);
    await context.close();
  });
}
