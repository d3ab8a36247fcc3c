// `npm run bench -- NAME [options]`: runs bench/NAME.ts, which prints its figures and ends with
// one line of JSON, e.g. {"bench":"detect","per_s":123456}.
import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { embeddedFetch } from "@/inngest/embedded/transport";
import { handEmbeddedTransport } from "@/lib/events/client";
import { keepEnvironmentInPlainObject } from "@/lib/env";
import { dropNpmVariables } from "../scripts/npm-variables.mjs";
import { restartWithServerSettings } from "../scripts/process-settings.mjs";

// The process settings the server runs with (scripts/start.mjs), for the app's code run here.
restartWithServerSettings();

const here = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith(".ts") && !["index.ts", "machine.ts"].includes(file) && !file.endsWith(".test.ts"))
  .map((file) => file.replace(/\.ts$/, ""));

const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join("|")}> [options]`);
  process.exit(2);
}
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
// The environment the server runs with (scripts/start.mjs), for the app's code run here and the servers started from here.
dropNpmVariables();
// Its plain copy of the environment (instrumentation.ts), which the app's code run here reads.
keepEnvironmentInPlainObject();
// Benchmarks that create trackings in process send their events as the embedded server does.
handEmbeddedTransport(embeddedFetch);
const benchmark = (await import(pathToFileURL(path.join(here, `${name}.ts`)).href)) as { run(args: string[]): Promise<void> };
await benchmark.run(args);
