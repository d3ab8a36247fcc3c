import { expect, test } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { baseURL, screenshot, signIn, testingNumber } from "./fixtures/dashboard";

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test("adds a webhook URL, sends a test to a receiver on 127.0.0.1 and sees the delivery in the log", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole("link", { name: "Webhooks" }).first().click();
  await page.getByLabel("Webhook URL").fill(receiver.url);
  await page.getByLabel("API version").selectOption("2025-04");
  await page.getByRole("button", { name: "Add URL" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: receiver.url })).toContainText("2025-04");

  await page.getByRole("button", { name: `Send a test to ${receiver.url}` }).click();
  await expect(page.getByText("Test delivered")).toBeVisible();
  await expect(page.getByText("The receiver answered 200")).toBeVisible();
  expect(receiver.received).toHaveLength(1);
  expect(receiver.received[0]!.headers["waybill-hmac-sha256"]).toBeTruthy();
  expect(JSON.parse(receiver.received[0]!.rawBody)).toMatchObject({ event: "tracking_update" });

  const log = page.getByRole("table", { name: "Webhook deliveries" });
  await expect(log.getByRole("row").nth(1)).toContainText("Delivered");
  await expect(log.getByRole("row").nth(1)).toContainText("Test");
  await page.getByLabel("Secret").focus();
  await screenshot(page, "webhooks");

  await log
    .getByRole("button", { name: /^Details/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Webhook delivery" });
  await expect(dialog.getByText("#1")).toBeVisible();
  await expect(dialog.getByText("200", { exact: true })).toBeVisible();
  await screenshot(page, "webhook-delivery");
  await dialog.getByRole("button", { name: "Redeliver" }).click();
  await expect(dialog.getByText("Redelivery queued")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  // The embedded runner delivers it in the background; the log refreshes by itself.
  await expect(log.getByRole("row").filter({ hasText: "Redelivery" }).filter({ hasText: "Delivered" })).toBeVisible({ timeout: 60_000 });
  expect(receiver.received).toHaveLength(2);
  expect(JSON.parse(receiver.received[1]!.rawBody).event_id).toBe(JSON.parse(receiver.received[0]!.rawBody).event_id);

  await page.getByRole("button", { name: `Delete ${receiver.url}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete URL" }).click();
  await expect(page.getByText("No webhook URLs yet")).toBeVisible();
});

test("a change made on the tracking page reaches the webhook URL and shows in that tracking's deliveries", async ({ page }) => {
  test.setTimeout(120_000);
  const number = testingNumber();
  const created = await page.request.post(`${baseURL()}/2025-04/trackings`, {
    headers: { "waybill-api-key": process.env.WAYBILL_E2E_API_KEY! },
    data: { tracking_number: number, slug: "testing-courier" },
  });
  const { id } = (await created.json()).data;
  await signIn(page);
  const endpoint = await page.request.post(`${baseURL()}/api/dashboard/webhooks/endpoints`, {
    headers: { origin: new URL(baseURL()).origin },
    data: { url: receiver.url, apiVersion: "2025-04" },
  });
  expect(endpoint.status()).toBe(201);
  await page.goto(`/trackings/${id}`);
  await page.getByRole("button", { name: "Mark as completed" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark as completed" }).click();
  // Late in the suite the embedded runner is busy polling every earlier spec's trackings on the same PGlite connection.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Delivered", { timeout: 20_000 });

  const deliveries = page.getByRole("table", { name: "Webhook deliveries" });
  await expect(deliveries.getByRole("row").filter({ hasText: "Delivered" }).first()).toBeVisible({ timeout: 60_000 });
  const bodies = receiver.received.map((request) => JSON.parse(request.rawBody));
  expect(bodies.some((body) => body.msg?.id === id && body.msg?.tag === "Delivered")).toBe(true);
  await screenshot(page, "tracking-detail-webhooks");
  const { endpoint: added } = await endpoint.json();
  expect(
    (await page.request.delete(`${baseURL()}/api/dashboard/webhooks/endpoints/${added.id}`, { headers: { origin: new URL(baseURL()).origin } })).status(),
  ).toBe(200);
});
