// `npm run bench -- embedded-db [--rows 100000]`
// Where the embedded database's memory goes: PGlite (with the project's migrations and pg_trgm) in a
// process of its own per configuration, its resident memory read from /proc after start, after the
// migrations, and after `rows` trackings were written and listed, counted and searched. Anonymous
// memory holds the heaps and PGlite's WebAssembly memory (where PostgreSQL's shared buffers live);
// file-backed memory is mapped code. Each reading follows a full garbage collection, so it is what
// is kept, not what waits to be collected. The configurations differ in shared_buffers, the cache
// PostgreSQL keeps inside that WebAssembly memory (PGlite's default is PostgreSQL's, 128 MB);
// each configuration opens a directory initialised beforehand, as every start but the first does.
import { execFileSync } from "node:child_process";
import path from "node:path";

// PGlite's WebAssembly module declares 128 MB of initial memory, its floor whatever the settings.
const CONFIGURATIONS: Record<string, { sharedBuffers?: string }> = {
  "PGlite's defaults": {},
  "shared_buffers 32 MB": { sharedBuffers: "32MB" },
};

interface Stage {
  rss: number;
  anon: number;
  file: number;
  heap: number;
}

interface Probe {
  stages: Record<"node" | "started" | "migrated" | "worked", Stage>;
  wasmMb: number;
  openMs: number;
  settings: Record<string, string>;
}

export async function run(args: string[]): Promise<void> {
  const index = args.indexOf("--rows");
  const rows = index >= 0 ? Number(args[index + 1]) : 100_000;
  const probe = path.join(process.cwd(), "bench", "support", "pglite-memory-probe.mjs");
  const results: Record<string, Probe & { seconds: number }> = {};
  for (const [name, configuration] of Object.entries(CONFIGURATIONS)) {
    const started = performance.now();
    const output = execFileSync(process.execPath, ["--expose-gc", probe, JSON.stringify({ ...configuration, rows })], { encoding: "utf8", maxBuffer: 2 ** 24 });
    const probed = JSON.parse(output.trim().split("\n").pop()!) as Probe;
    results[name] = { ...probed, seconds: (performance.now() - started) / 1000 };
    const { node, started: up, migrated, worked } = probed.stages;
    console.log(
      `${name}: node alone ${node.rss} MB; opened in ${probed.openMs} ms, ${up.rss} MB; migrated ${migrated.rss} MB; ` +
        `after ${rows} trackings worked ${worked.rss} MB (anonymous ${worked.anon}, file-backed ${worked.file}, JS heap ${worked.heap}), ` +
        `WebAssembly memory ${probed.wasmMb} MB; ${results[name].seconds.toFixed(1)} s`,
    );
  }
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, { stages, wasmMb, openMs, seconds }]) => [
      name,
      {
        open_ms: openMs,
        started_mb: stages.started.rss,
        migrated_mb: stages.migrated.rss,
        worked_mb: stages.worked.rss,
        wasm_mb: wasmMb,
        seconds: Number(seconds.toFixed(1)),
      },
    ]),
  );
  console.log(JSON.stringify({ bench: "embedded-db", rows, configurations: summary }));
}
