import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./fixtures/dashboard";

/** `npm run admin -- …` against the running embedded server (through its socket in the data directory). */
function admin(...argv: string[]) {
  const result = spawnSync("npx", ["tsx", "scripts/admin.ts", ...argv], {
    env: { ...process.env, WAYBILL_DATA_DIR: process.env.WAYBILL_E2E_DATA_DIR! },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test("Insights draws the seeded demo shop: statuses over time, courier scorecards and transit by lane, with tables and CSV", async ({ page }) => {
  test.setTimeout(120_000);
  // A shop of its own, so the seeded shipments stay out of the other tests' lists.
  const email = `insights-${Date.now()}@shop.example`;
  const created = admin("org", "create", "--name", "Insights shop", "--admin-email", email, "--admin-password", "insights-password-1");
  expect(created.status, created.output).toBe(0);
  const organizationId = /^Organisation: (\S+)/m.exec(created.output)![1]!;
  const seeded = admin("org", "seed-demo", "--org", organizationId, "--days", "45", "--orders-per-day", "8");
  expect(seeded.status, seeded.output).toBe(0);
  expect(seeded.output).toMatch(/\d+ demo shipments added to Insights shop; \d+ need attention\./);

  await signIn(page, email, "insights-password-1");
  await page.getByRole("link", { name: "Insights", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Courier scorecards" })).toBeVisible();
  await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await screenshot(page, "insights");

  const scorecards = page.getByRole("region", { name: "Courier scorecards" });
  await scorecards.getByText("The numbers").click();
  await expect(scorecards.getByRole("columnheader", { name: "On time (first estimate)" })).toBeVisible();
  const download = page.waitForEvent("download");
  await scorecards.getByRole("link", { name: "Download CSV" }).click();
  const csv = await (await download).path();
  expect(csv).toBeTruthy();

  await page.getByLabel("Courier", { exact: true }).selectOption({ index: 1 });
  await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();

  await page.getByRole("link", { name: "Needs attention", exact: true }).click();
  await expect(page.getByRole("list", { name: "Shipments that need attention" })).toBeVisible();
  await screenshot(page, "attention-queue-demo");
});
