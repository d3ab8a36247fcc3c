// A new embedded database's data directory. initdb in WebAssembly takes seconds (4.8 s on a 2-core
// server, in a process of its own: db/pglite-initdb.mjs says why), and the migrations most of one
// more, so the build makes one migrated cluster (`npm run build`, and `npm start` when it builds)
// and each new database starts as a copy of it, in a fraction of a second. Without that template
// (a bare `next build`), initdb runs as before and the server migrates.
// Plain JavaScript: the build's scripts run it as well as the server. Paths are the project's,
// from the working directory, as the server resolves its migrations.
import { spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const initdbScript = () => path.join(process.cwd(), "db", "pglite-initdb.mjs");
const migrationsFolder = () => path.join(process.cwd(), "db", "migrations");

/** Where the build keeps the template cluster: inside the build's output, made again with each build. */
const clusterTemplateDir = (root = process.cwd()) => path.join(root, ".next", "waybill-pglite-template");

const hasCluster = (dir) => existsSync(path.join(dir, "PG_VERSION"));

function initdbFailure(dir, reason) {
  return new Error(`Could not initialise the embedded database in ${dir}: ${reason}`);
}

/**
 * Fills `target` through a sibling directory renamed into place at the end, so a start stopped
 * half-way leaves no half-made cluster that a later start would take for a whole one. `target`
 * may exist as an empty directory (made by hand, or by a mount), which the cluster replaces.
 */
async function intoPlace(target, fill) {
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw initdbFailure(target, "it is a file, not a directory");
    if (readdirSync(target).length) throw initdbFailure(target, "the directory holds files but no database; move them away or name another directory");
  }
  const partial = `${target}.new-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    await fill(partial);
    if (existsSync(target)) rmdirSync(target);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/** Runs initdb (and the migrations, for a template) on `dir` in a process of its own. */
function initdb(dir, args, reportAs) {
  const child = spawn(process.execPath, [initdbScript(), dir, ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject).once("close", (code) => (code === 0 ? resolve() : reject(initdbFailure(reportAs, stderr.trim() || `exit code ${code}`))));
  });
}

/** Makes `dataDir` a new cluster unless it holds one: a copy of the build's template, else initdb's own. */
export async function ensureCluster(dataDir, template = clusterTemplateDir()) {
  if (hasCluster(dataDir)) return;
  await intoPlace(dataDir, async (partial) => {
    if (hasCluster(template)) cpSync(template, partial, { recursive: true });
    else await initdb(partial, [], dataDir);
  });
}

/** Makes the build's template cluster afresh, migrated to this build's schema, in place of the last build's. */
export async function makeClusterTemplate(template = clusterTemplateDir()) {
  rmSync(template, { recursive: true, force: true });
  await intoPlace(template, (partial) => initdb(partial, ["--migrate", migrationsFolder()], template));
}

// `node db/new-cluster.mjs`: the last step of `npm run build`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await makeClusterTemplate();
