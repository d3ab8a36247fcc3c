// Builds the Next.js app only when its sources changed since the last build of the same flavour,
// so `npm start` after a stop serves at once. The stamp is a hash of the sources' contents (not
// mtimes, which a checkout resets).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const SOURCE_DIRS = ["app", "components", "lib", "db", "inngest", "public"];
const SOURCE_FILES = ["proxy.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "tsconfig.json", "postcss.config.mjs"];
const STAMP_FILE = ".next/waybill-source-stamp";

function* filesUnder(root, dir) {
  if (!existsSync(join(root, dir))) return;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, path);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** A hash of every source file's path and contents, and of the build's flavour ("production" or "bench"). */
export function sourceStamp(root, flavour) {
  const hash = createHash("sha256").update(`flavour:${flavour}\n`);
  const files = [...SOURCE_DIRS.flatMap((dir) => [...filesUnder(root, dir)]), ...SOURCE_FILES.filter((file) => existsSync(join(root, file)))];
  for (const file of files.sort()) {
    if (!statSync(join(root, file)).isFile()) continue;
    hash.update(`${relative(root, join(root, file))}\n`).update(readFileSync(join(root, file)));
  }
  return hash.digest("hex");
}

/** True when `.next` holds a build of these exact sources and flavour. */
export function buildIsFresh(root, flavour) {
  const stampPath = join(root, STAMP_FILE);
  return existsSync(join(root, ".next/BUILD_ID")) && existsSync(stampPath) && readFileSync(stampPath, "utf8") === sourceStamp(root, flavour);
}

/**
 * Runs `npm run build` (`next build`, then the template cluster new databases start from,
 * db/new-cluster.mjs) unless the last build is of the same sources and flavour; bench builds add
 * the reference routes.
 */
export function buildIfStale({ root = process.cwd(), flavour = "production", log = console.log } = {}) {
  if (buildIsFresh(root, flavour)) {
    log(`The ${flavour} build is up to date with the sources: not rebuilding.`);
    return;
  }
  const stamp = sourceStamp(root, flavour);
  const env = { ...process.env, WAYBILL_BENCH_BUILD: flavour === "bench" ? "1" : "" };
  // `npm run build`: the build is defined once, in package.json.
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(join(root, STAMP_FILE), stamp);
}
