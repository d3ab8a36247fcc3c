import { expect, test } from "@playwright/test";
import { ROYALMAIL_CREDENTIALS } from "@/testing/carriers/fake-royalmail-server";
import { baseURL, screenshot, signIn } from "./fixtures/dashboard";

test("the couriers page says which couriers Waybill asks directly, and which a connection would", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/couriers");
  const results = page.getByRole("list", { name: "Search results" });
  await page.getByLabel("Search couriers").fill("testing");
  await expect(results.getByRole("listitem").filter({ hasText: "testing-courier", hasNotText: "webhook" })).toContainText("Direct");
  // The server has no credentials of these carriers: their own APIs are there, waiting for a connection.
  await page.getByLabel("How Waybill follows them").selectOption({ label: "Direct once connected" });
  for (const slug of ["royal-mail", "colissimo", "ups-mi", "deutsch-post"]) {
    await page.getByLabel("Search couriers").fill(slug);
    await expect(results.getByRole("listitem").filter({ hasText: slug }).first()).toContainText("Direct once connected");
  }
  await screenshot(page, "settings-couriers-direct");
});

test("adds, reorders and saves a preferred courier", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/couriers");
  await expect(page.getByRole("heading", { name: "Couriers", level: 1 })).toBeVisible();
  await page.getByLabel("Search couriers").fill("fedex");
  // Several couriers share a name (FedEx® and its API variant): the slug tells them apart.
  await page.getByRole("button", { name: "Add FedEx® (fedex)", exact: true }).click();
  await page.getByLabel("Search couriers").fill("testing");
  await page.getByRole("button", { name: "Add Testing Courier (testing-courier)", exact: true }).click();
  // Keyboard reordering: the moved courier keeps the focus.
  await page.getByRole("button", { name: "Move Testing Courier up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move Testing Courier down" })).toBeFocused();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved. The API uses the new list from now on.")).toBeVisible();
  await screenshot(page, "settings-couriers");

  await page.reload();
  const preferred = page.getByRole("list").filter({ hasText: "FedEx" }).first();
  await expect(preferred.getByRole("listitem").first()).toContainText("Testing Courier");
  await expect(preferred.getByRole("listitem").nth(1)).toContainText("FedEx");
});

test("an admin adds a member who then cannot open the API keys page", async ({ page, browser }) => {
  await signIn(page);
  await page.goto("/settings/members");
  const email = `member-${Date.now()}@example.com`;
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Name", { exact: true }).fill("Mo Member");
  await page.getByRole("button", { name: "Add member" }).click();
  const passwordField = page.getByLabel("One-time password");
  await expect(passwordField).not.toHaveValue("");
  const password = await passwordField.inputValue();
  await expect(page.getByText("Mo Member", { exact: true })).toBeVisible();
  await screenshot(page, "settings-members");

  const memberContext = await browser.newContext({ baseURL: baseURL() });
  const member = await memberContext.newPage();
  await signIn(member, email, password);
  // Members do not see the admin pages in the menu, and opening one directly is refused.
  await expect(member.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await member.goto("/developers/api-keys");
  await expect(member.getByRole("heading", { name: "Admins only" })).toBeVisible();
  await expect(member.getByLabel("Key name")).toHaveCount(0);
  await screenshot(member, "member-api-keys-refused");
  const refused = await member.request.get(`${baseURL()}/api/dashboard/api-keys`);
  expect(refused.status()).toBe(403);
  const members = await member.request.get(`${baseURL()}/api/dashboard/members`);
  expect(members.status()).toBe(403);
  // The member still works with trackings.
  expect((await member.request.get(`${baseURL()}/api/dashboard/trackings`)).status()).toBe(200);

  // They replace the one-time password, and only the new one works from then on.
  await member.goto("/settings/account");
  await member.getByLabel("Current password").fill(password);
  await member.getByLabel("New password", { exact: true }).fill("my-own-password-1");
  await member.getByLabel("Repeat the new password").fill("my-own-password-1");
  await member.getByRole("button", { name: "Change password" }).click();
  await expect(member.getByText("Your password is changed.")).toBeVisible();
  await screenshot(member, "settings-account");
  await member.goto("/trackings");
  await expect(member.getByRole("heading", { name: "Trackings" })).toBeVisible();
  await member.getByRole("button", { name: "Sign out" }).click();
  await expect(member).toHaveURL(/\/sign-in$/);
  await signIn(member, email, "my-own-password-1");
  await memberContext.close();
});

test("connects a courier account with a form built from its credential fields; the secret is never shown again", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/connections");
  await page.getByLabel("Courier").selectOption("ups");
  await page.getByLabel("Client ID").fill("e2e-client");
  await page.getByLabel("Client secret").fill("e2e-secret-value-9876");
  await expect(page.getByLabel("Client secret")).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByText("Connection saved.")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "e2e-client" });
  await expect(item).toContainText("••••9876");
  await expect(page.getByText("e2e-secret-value-9876")).toHaveCount(0);
  await screenshot(page, "settings-connections");

  await item.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete connection" }).click();
  await expect(page.getByText("No connections")).toBeVisible();
});

test("tests a courier connection with one real call to the carrier before saving it", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/connections");
  await page.getByLabel("Courier").selectOption("royal-mail");
  await page.getByLabel("Client ID").fill(ROYALMAIL_CREDENTIALS.clientId);
  await page.getByLabel("Client secret").fill("not-the-secret");
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByText(/^Royal Mail refused the credentials/)).toBeVisible();
  await page.getByLabel("Client secret").fill(ROYALMAIL_CREDENTIALS.clientSecret);
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByText("Royal Mail accepted the credentials.")).toBeVisible();
  await screenshot(page, "settings-connections-test");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByText("Connection saved.")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: ROYALMAIL_CREDENTIALS.clientId });
  await item.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete connection" }).click();
  await expect(item).toHaveCount(0);
});

test("shows how customer messages leave and the outbox", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/notifications");
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  // The e2e server has no SMTP_URL: e-mails wait in the outbox.
  await expect(page.getByText("Kept in the outbox below for you to read: set SMTP_URL to send them.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Messages", exact: true })).toBeVisible();
  await screenshot(page, "settings-notifications");
});

test("writes a customer message in Liquid with a live preview; a template that does not parse is refused with its line", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings/notifications");
  await page.getByLabel("Trigger").selectOption({ label: "Out for delivery" });
  await page.getByLabel("Language").selectOption({ label: "Deutsch" });
  await expect(page.getByText("Waybill's message")).toBeVisible();
  await page.getByLabel("Subject").fill("{{ customer_name }}: heute kommt Bestellung {{ order_id }}");
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("Ana Lima: heute kommt Bestellung 1001");
  await expect(preview.frameLocator("iframe").locator("h1")).toBeVisible();
  await page.getByLabel("E-mail HTML").fill("<p>Hallo {{ customer_name }}</p>\n{% if estimate %}<p>{{ estimate }}</p>");
  await expect(preview.getByRole("alert")).toContainText("html, line 2");
  await page.getByRole("button", { name: "Save message" }).click();
  await expect(page.getByText(/html, line 2: .*not closed/).first()).toBeVisible();
  await page
    .getByLabel("E-mail HTML")
    .fill('<p>Hallo {{ customer_name }}</p>{% if estimate %}<p>{{ estimate }}</p>{% endif %}<a href="{{ tracking_page_url }}">Sendung</a>');
  await expect(preview.frameLocator("iframe").getByText("Hallo Ana Lima")).toBeVisible();
  await page.getByRole("button", { name: "Save message" }).click();
  await expect(page.getByText("Saved. The next Out for delivery message uses it.")).toBeVisible();
  await expect(page.getByText("Your message")).toBeVisible();
  await screenshot(page, "settings-message-template");
  await page.getByRole("button", { name: "Back to Waybill's message" }).click();
  await expect(page.getByText("Waybill's message")).toBeVisible();
});
