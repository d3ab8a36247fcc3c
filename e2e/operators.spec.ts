import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { baseURL, E2E_ADMIN, signIn } from "./fixtures/dashboard";

/** `npm run admin -- …` against the running embedded server (through its socket in the data directory). */
function admin(...argv: string[]) {
  const result = spawnSync("npx", ["tsx", "scripts/admin.ts", ...argv], {
    env: { ...process.env, WAYBILL_DATA_DIR: process.env.WAYBILL_E2E_DATA_DIR! },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test("an operator adds an organisation while the server runs; its admin switches to it in the dashboard", async ({ page, request }) => {
  const created = admin("org", "create", "--name", "Second shop", "--admin-email", E2E_ADMIN.email, "--admin-password", "ignored-for-existing");
  expect(created.status, created.output).toBe(0);
  const key = /^API key: (\S+)$/m.exec(created.output)![1]!;
  const own = await request.get(`${baseURL()}/tracking/2025-04/trackings`, { headers: { "as-api-key": key } });
  expect(own.status()).toBe(200);
  expect((await own.json()).data.trackings).toEqual([]);
  expect(admin("org", "list").output).toContain("Second shop  members: 1  live keys: 1");

  await signIn(page);
  const switcher = page.getByLabel("Organisation");
  await expect(switcher).toBeVisible();
  await switcher.selectOption({ label: "Second shop" });
  await expect(page.getByRole("link", { name: /Second shop/ }).first()).toBeVisible();
  await expect(page.getByText("No trackings yet")).toBeVisible();
});
