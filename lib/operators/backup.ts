import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "@/db/client";

/**
 * A backup of an embedded installation: a first line naming the format, a second with the data
 * directory's own files (the encryption key and session secret, without which the copy's sealed
 * credentials and sessions are unreadable), then PGlite's copy of its database (a gzipped tar).
 */
const MAGIC = "WAYBILL-BACKUP 1";

interface Manifest {
  createdAt: string;
  files: Record<string, string>;
  databaseBytes: number;
}

/** Files of the data directory that travel with the database: everything but the database itself and the socket. */
function dataDirFiles(dataDir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dataDir)
      .filter((name) => name !== "pglite" && !name.endsWith(".sock") && statSync(path.join(dataDir, name)).isFile())
      .map((name) => [name, readFileSync(path.join(dataDir, name)).toString("base64")]),
  );
}

/** Writes a consistent copy of the running embedded installation to `outFile` (owner-only); returns its size. */
export async function writeBackup(handle: DatabaseHandle, dataDir: string, outFile: string, now = new Date()): Promise<number> {
  if (!handle.dump) throw new Error("With DATABASE_URL the data is in PostgreSQL: back it up with pg_dump (see the README).");
  const database = await handle.dump();
  const manifest: Manifest = { createdAt: now.toISOString(), files: dataDirFiles(dataDir), databaseBytes: database.byteLength };
  const head = Buffer.from(`${MAGIC}\n${JSON.stringify(manifest)}\n`);
  const backup = Buffer.concat([head, Buffer.from(database)]);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, backup, { mode: 0o600 });
  return backup.byteLength;
}

function readBackup(file: string): { manifest: Manifest; database: Buffer } {
  const bytes = readFileSync(file);
  const first = bytes.indexOf(10);
  const second = bytes.indexOf(10, first + 1);
  if (first < 0 || second < 0 || bytes.subarray(0, first).toString() !== MAGIC) throw new Error(`${file} is not a Waybill backup.`);
  const manifest = JSON.parse(bytes.subarray(first + 1, second).toString()) as Manifest;
  const database = bytes.subarray(second + 1);
  if (database.byteLength !== manifest.databaseBytes)
    throw new Error(`${file} is cut short: its database is ${database.byteLength} of ${manifest.databaseBytes} bytes.`);
  return { manifest, database };
}

/** Brings a backup back into `dataDir`, which must be empty or missing (a restore never overwrites a live installation). */
export async function restoreBackup(file: string, dataDir: string): Promise<Manifest> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new data directory, then point WAYBILL_DATA_DIR at it.`);
  const { manifest, database } = readBackup(file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (const [name, content] of Object.entries(manifest.files))
    writeFileSync(path.join(dataDir, path.basename(name)), Buffer.from(content, "base64"), { mode: 0o600 });
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const restored = await PGlite.create(path.join(dataDir, "pglite"), {
    loadDataDir: new Blob([new Uint8Array(database)]),
    extensions: { pg_trgm },
  });
  await restored.close();
  return manifest;
}
