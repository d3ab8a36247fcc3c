import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export const E2E_ADMIN = { email: "admin@waybill.test", password: "correct-horse-battery" };

/**
 * Starts the production build on a fresh embedded data directory, as `npm start` would, and
 * hands the tests its address and the demo API key it prints on first start.
 */
export default async function globalSetup() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "waybill-e2e-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", "70000"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      WAYBILL_DATA_DIR: dataDir,
      WAYBILL_ADMIN_EMAIL: E2E_ADMIN.email,
      WAYBILL_ADMIN_PASSWORD: E2E_ADMIN.password,
      WEBHOOK_ALLOW_PRIVATE: "true",
      NEXTAUTH_URL: baseURL,
      NEXTAUTH_SECRET: "e2e-secret-not-for-production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });

  let output = "";
  const apiKey = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not print an API key:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API key: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    server.stdout.on("data", onData);
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.on("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  if (process.env.WAYBILL_E2E_VERBOSE) server.stdout.pipe(process.stdout);

  process.env.WAYBILL_E2E_BASE_URL = baseURL;
  process.env.WAYBILL_E2E_API_KEY = apiKey;
  process.env.WAYBILL_E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
