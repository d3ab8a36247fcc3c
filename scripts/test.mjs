#!/usr/bin/env node
// `npm test`: the formatting check, lint, typecheck, every unit and database test on PGlite, the database tests again on
// PostgreSQL, then the browser and SDK end-to-end tests against a production build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { DEFAULT_TEST_POSTGRES_URL, missingPrerequisites } from "./test-prerequisites.mjs";

const steps = [
  ["format", "npx", ["prettier", "--check", "."]],
  ["lint", "npx", ["eslint", "."]],
  ["typecheck", "npx", ["tsc", "--noEmit"]],
  ["unit + database tests on PGlite", "npx", ["vitest", "run"], { WAYBILL_TEST_DB: "pglite" }],
  ["database tests on PostgreSQL", "npx", ["vitest", "run", "db.test"], { WAYBILL_TEST_DB: "postgres" }],
];
const hasE2e = existsSync("e2e") && readdirSync("e2e").some((file) => file.endsWith(".spec.ts"));
const browserTests = hasE2e && process.env.WAYBILL_SKIP_E2E !== "1";

const missing = await missingPrerequisites({
  postgresUrl: process.env.WAYBILL_TEST_POSTGRES_URL ?? DEFAULT_TEST_POSTGRES_URL,
  chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  browserTests,
});
if (missing.length) {
  for (const line of missing) console.error(`✗ ${line}`);
  process.exit(1);
}

if (browserTests) {
  steps.push(["production build for the end-to-end tests", "npm", ["run", "build"]]);
  steps.push(["end-to-end tests (SDKs and browser)", "npx", ["playwright", "test"]]);
}

for (const [name, cmd, args, extraEnv = {}] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
