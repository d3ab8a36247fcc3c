#!/usr/bin/env node
// `npm start`: build the app (only if its sources changed since the last build), then serve it. Migrations and first-start seeding run inside the
// server process (instrumentation.ts), because an embedded PGlite directory admits one process.
import { spawn } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";

if (process.env.WAYBILL_SKIP_BUILD !== "1") buildIfStale();

const port = process.env.PORT ?? "3000";
// Keep-alive longer than clients' and proxies' idle timeouts, so a reused connection is not reset mid-request.
const server = spawn("npx", ["next", "start", "-p", port, "-H", process.env.HOST ?? "0.0.0.0", "--keepAliveTimeout", "70000"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
