import { expect, test } from "@playwright/test";
import { baseURL, screenshot, signIn, testingNumber } from "./fixtures/dashboard";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("creates a testing-courier tracking from the suggested courier and watches its status change", async ({ page }) => {
  // The testing courier with interval 1 moves a step a minute: the first scan lands within about two.
  test.setTimeout(240_000);
  const number = testingNumber();
  await page.getByRole("link", { name: "New tracking" }).first().click();
  await expect(page.getByRole("heading", { name: "New tracking" })).toBeVisible();
  await page.getByLabel("Tracking number").fill(number);
  const suggestion = page.getByRole("radio", { name: /Testing Courier/ });
  await expect(suggestion).toBeChecked();
  await page.getByLabel("Title").fill("E2E blue mug");
  await page.getByLabel("Customer e-mail").fill("ana@example.com");
  await screenshot(page, "tracking-new");
  await page.getByRole("button", { name: "Create tracking" }).click();

  await expect(page.getByRole("heading", { name: number })).toBeVisible();
  await expect(page.getByRole("main").getByText("Pending").first()).toBeVisible();
  await expect(page.getByText("ana@example.com")).toBeVisible();
  await screenshot(page, "tracking-detail-pending");

  // No reload: the page refetches while the background poller moves the tracking along.
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).not.toContainText("Pending", { timeout: 200_000 });
  await expect(heading).toContainText(/Info received|In transit|Out for delivery|Delivered/);
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: /Info received|In transit/ })
      .first(),
  ).toBeVisible();
  await screenshot(page, "tracking-detail-moved");
});

test("edits, completes, retracks and deletes a tracking from its page", async ({ page }) => {
  const number = testingNumber();
  await page.goto("/trackings/new");
  await page.getByLabel("Tracking number").fill(number);
  await expect(page.getByRole("radio", { name: /Testing Courier/ })).toBeChecked();
  await page.getByRole("button", { name: "Create tracking" }).click();
  await expect(page.getByRole("heading", { name: number })).toBeVisible();

  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit tracking" });
  await edit.getByLabel("Title").fill("Renamed parcel");
  await edit.getByLabel("Order ID").fill("ORDER-77");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("ORDER-77")).toBeVisible();

  await page.getByRole("button", { name: "Mark as completed" }).click();
  const complete = page.getByRole("dialog", { name: "Mark as completed" });
  await complete.getByLabel("Reason").selectOption("LOST");
  await screenshot(page, "tracking-complete-dialog");
  await complete.getByRole("button", { name: "Mark as completed" }).click();
  await expect(page.getByRole("heading", { name: number }).getByText("Exception")).toBeVisible();
  await expect(page.getByText("Marked as lost by the merchant")).toBeVisible();

  await page.getByRole("button", { name: "Retrack" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Retrack" }).click();
  await expect(page.getByRole("button", { name: "Mark as completed" })).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete tracking" }).click();
  await expect(page).toHaveURL(/\/trackings$/);
  await page.getByLabel("Search").fill(number);
  await expect(page.getByText("No trackings match these filters")).toBeVisible();
});

test("imports a CSV with one bad row: the error names the row, the other rows are created", async ({ page }) => {
  const good = [testingNumber(), testingNumber(), testingNumber()];
  const batch = `csv-${Date.now()}`;
  const csv = [
    "tracking_number,slug,title,customer_email",
    `${good[0]},testing-courier,${batch} one,`,
    `${good[1]},testing-courier,${batch} two,bo@example.com`,
    "12,testing-courier,Too short,",
    `${good[2]},testing-courier,${batch} three,`,
  ].join("\n");
  await page.goto("/trackings/import");
  await page.getByLabel("CSV file").setInputFiles({ name: "trackings.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Created 3 trackings")).toBeVisible();
  const problems = page.getByRole("table", { name: "Rows that were not imported" });
  await expect(problems.getByRole("row")).toHaveCount(2);
  await expect(problems.getByRole("row").nth(1)).toContainText("4");
  await expect(problems.getByRole("row").nth(1)).toContainText("tracking_number");
  await screenshot(page, "tracking-import");

  await page.goto("/trackings");
  await page.getByLabel("Search").fill(batch);
  await expect(page.getByRole("link", { name: good[0] })).toBeVisible();
  await expect(page.getByRole("link", { name: good[2] })).toBeVisible();
  await expect(page.getByText(/of 3\b/)).toBeVisible();

  // Export the current filter: the same three rows come back as CSV.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await (await download).createReadStream();
  let text = "";
  for await (const chunk of file) text += chunk.toString();
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toMatch(/^tracking_number,slug,title,/);
  expect(lines).toHaveLength(4);
  for (const number of good) expect(text).toContain(number);
});

test("the list filters by status, courier and keyword and pages with Older and Newer", async ({ page }) => {
  const batch = `paging-${Date.now()}`;
  const rows = Array.from({ length: 30 }, (_, index) => `${testingNumber()},testing-courier,${batch} ${index + 1}`);
  const imported = await page.request.post(`${baseURL()}/api/dashboard/trackings/import`, {
    // As the dashboard's own page sends it.
    headers: { "content-type": "text/csv", origin: new URL(baseURL()).origin },
    data: ["tracking_number,slug,title", ...rows].join("\n"),
  });
  expect(await imported.json()).toEqual({ created: 30, failed: [] });

  await page.goto("/trackings");
  await page.getByLabel("Status").selectOption("Delivered");
  await expect(page).toHaveURL(/tag=Delivered/);
  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("Courier").selectOption("testing-courier");
  await expect(page).toHaveURL(/slug=testing-courier/);
  await page.getByLabel("Search").fill(batch);
  await expect(page).toHaveURL(new RegExp(`keyword=${batch}`));
  await expect(page.getByText("1–25 of 30")).toBeVisible();
  await expect(page.getByRole("link", { name: /^ITOD-/ })).toHaveCount(25);
  await screenshot(page, "trackings-list");

  await page.getByRole("button", { name: "Older" }).click();
  await expect(page.getByText("26–30 of 30")).toBeVisible();
  await expect(page.getByRole("link", { name: /^ITOD-/ })).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Older" })).toBeDisabled();
  await page.getByRole("button", { name: "Newer" }).click();
  await expect(page.getByText("1–25 of 30")).toBeVisible();
});
