import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startWaybill } from "./fixtures/server";

/** `npm run admin -- …` against the data directory `dataDir` (through the running server's socket when there is one). */
function admin(dataDir: string, ...argv: string[]) {
  const result = spawnSync("npx", ["tsx", "scripts/admin.ts", ...argv], { env: { ...process.env, WAYBILL_DATA_DIR: dataDir }, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test("a running server is backed up, restored into a new directory, and serves the same trackings with the same key", async () => {
  test.setTimeout(180_000);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "waybill-backup-e2e-"));
  const original = await startWaybill({ NEXTAUTH_SECRET: "e2e-backup", WAYBILL_WEBHOOK_URLS: "https://hooks.shop.example/waybill" });
  try {
    const [, key] = await original.waitFor(/API key: (\S+)/);
    const headers = { "as-api-key": key!, "content-type": "application/json" };
    const numbers = [1, 2, 3].map((n) => `ITOD-1-${Date.now()}${n}`);
    for (const number of numbers) {
      const created = await fetch(`${original.baseURL}/tracking/2025-04/trackings`, {
        method: "POST",
        headers,
        body: JSON.stringify({ tracking_number: number, slug: "testing-courier" }),
      });
      expect(created.status).toBe(201);
    }
    const file = path.join(scratch, "waybill.backup");
    const backup = admin(original.dataDir, "backup", "--out", file);
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backed up to/);
    await original.stop();

    const restoredDir = path.join(scratch, "restored");
    const restored = admin(restoredDir, "restore", "--from", file);
    expect(restored.status, restored.output).toBe(0);
    expect(admin(restoredDir, "restore", "--from", file).output).toMatch(/not empty/);

    const again = await startWaybill({ NEXTAUTH_SECRET: "e2e-backup", WAYBILL_DATA_DIR: restoredDir });
    try {
      await again.waitFor(/Ready in/);
      const listed = await fetch(`${again.baseURL}/tracking/2025-04/trackings?limit=10`, { headers });
      expect(listed.status).toBe(200);
      const trackings = (await listed.json()).data.trackings as Array<{ tracking_number: string }>;
      expect(trackings.map((tracking) => tracking.tracking_number).sort()).toEqual([...numbers].sort());
      // The restored installation is the same one: no new demo organisation, no new key.
      expect(again.output()).not.toMatch(/API key:/);
    } finally {
      await again.stop();
    }
  } finally {
    await original.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
});
