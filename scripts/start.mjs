#!/usr/bin/env node
// `npm start`: build the app (only if its sources changed since the last build), then serve it in
// this same process: a wrapper process (`npx next start`) would hold another 60 MB or more for
// nothing. Migrations and first-start seeding run inside the server (instrumentation.ts), because
// an embedded PGlite directory admits one process.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { restartWithServerSettings } from "./process-settings.mjs";
import { buildIfStale } from "./build-if-stale.mjs";
import { dropNpmVariables } from "./npm-variables.mjs";

restartWithServerSettings();
if (process.env.WAYBILL_SKIP_BUILD !== "1") buildIfStale();
dropNpmVariables();

process.env.NODE_ENV = "production";
const port = process.env.PORT ?? "3000";
// Keep-alive longer than clients' and proxies' idle timeouts, so a reused connection is not reset mid-request.
// next.config.ts is read with Node's own type stripping: otherwise Next.js loads its native SWC
// binding (and its threads) into the server only to transpile the config, about 50 MB kept for nothing.
const nextCli = createRequire(import.meta.url).resolve("next/dist/bin/next");
process.argv = [
  process.argv[0],
  nextCli,
  "start",
  "-p",
  port,
  "-H",
  process.env.HOST ?? "0.0.0.0",
  "--keepAliveTimeout",
  "70000",
  "--experimental-next-config-strip-types",
];
await import(pathToFileURL(nextCli).href);
