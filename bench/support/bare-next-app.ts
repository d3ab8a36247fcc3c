import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The footprint's floor: a Next.js app of the version we run with nothing of ours in it (one page,
 * one route handler answering `/readyz`), built for production in a temporary directory that uses
 * this project's node_modules. `npm start` there is the framework's own cost: npm, its shell and
 * `next start`. Returns the directory; the caller removes it.
 */
export function buildBareNextApp(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "waybill-bench-bare-next-"));
  mkdirSync(path.join(dir, "app", "readyz"), { recursive: true });
  symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ private: true, scripts: { start: "next start" } }),
    // Turbopack resolves packages only under its root, and node_modules is a link out of this directory.
    "next.config.mjs": `export default { turbopack: { root: "/" } };\n`,
    "app/layout.jsx": "export default function Layout({ children }) { return <html><body>{children}</body></html>; }\n",
    "app/page.jsx": "export default function Page() { return <p>floor</p>; }\n",
    "app/readyz/route.js": "export function GET() { return Response.json({ status: 'ok' }); }\n",
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  const build = spawnSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`the bare Next.js app did not build:\n${build.stdout}\n${build.stderr}`);
  return dir;
}
