import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import { env } from "@/lib/env";
import type { EmbeddedDatabaseMemory } from "./pglite-thread-client";
import * as schema from "./schema";

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: domain verbs accept both. */
export type Executor = Database | Transaction;

/** An open database plus what the rest of the process may need from its driver. */
export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Set for PGlite: the job queue shares this single connection. */
  pglite?: PGlite;
  /** Set for PGlite: a consistent copy of its data directory (a gzipped tar), taken while it serves. */
  dump?: () => Promise<Uint8Array>;
  /** Set for PGlite: what its thread holds in memory. */
  memory?: () => Promise<EmbeddedDatabaseMemory>;
  /** Set for Postgres: the connection string other clients (queue, limiter) use. */
  url?: string;
  sql?: Sql;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

/**
 * The embedded database, on its own thread (db/pglite-thread-client.ts); in memory without a
 * directory, then empty or, with `copyOf` (a `dump()` written to a file), a copy of that dump.
 */
export async function openPglite(dataDir?: string, onUnexpectedStop?: (error: Error) => void, copyOf?: string): Promise<DatabaseHandle> {
  const { PGliteThread } = await import("./pglite-thread-client");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const thread = await PGliteThread.create(dataDir, onUnexpectedStop, copyOf);
  const client = thread.asPglite();
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, kind: "pglite", pglite: client, dump: () => thread.dumpDataDir(), memory: () => thread.memory(), close: () => thread.close() };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const sql = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzle(sql, { schema }) as unknown as Database;
  return { db, kind: "postgres", url, sql, close: () => sql.end({ timeout: 5 }) };
}

/** Applies the committed migrations; concurrent instances on Postgres take turns. */
/** Applies the migrations not applied yet (`migrationsFolder`: this build's, or an older build's in tests). */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder });
    return;
  }
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const reserved = await handle.sql!.reserve();
  try {
    await reserved`select pg_advisory_lock(7216001)`;
    await migrate(handle.db as never, { migrationsFolder });
  } finally {
    await reserved`select pg_advisory_unlock(7216001)`;
    reserved.release();
  }
}

interface ProcessDatabase {
  handle?: Promise<DatabaseHandle>;
}

// One per process, shared across Next.js bundles (a PGlite directory admits one process only).
const globalState = globalThis as unknown as { __waybillDb?: ProcessDatabase };
const state: ProcessDatabase = (globalState.__waybillDb ??= {});

/** The server cannot work without its database: exit non-zero so a supervisor starts it again. */
function exitWithoutDatabase(error: Error): void {
  console.error(`Waybill: the embedded database stopped (${error.message}); exiting so the server can be started again.`);
  process.exit(1);
}

async function openConfigured(): Promise<DatabaseHandle> {
  const { DATABASE_URL, DATABASE_POOL_SIZE, WAYBILL_DATA_DIR } = env();
  const handle = DATABASE_URL
    ? await openPostgres(DATABASE_URL, { max: DATABASE_POOL_SIZE })
    : await openPglite(path.resolve(WAYBILL_DATA_DIR, "pglite"), exitWithoutDatabase);
  await migrateDatabase(handle);
  return handle;
}

/** The process's database, opened and migrated on first use (never at import time). */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  state.handle ??= openConfigured().catch((error: unknown) => {
    state.handle = undefined;
    throw error;
  });
  return state.handle;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Tests point the process at a scratch database. */
export function setDatabaseHandle(handle: DatabaseHandle | undefined): void {
  state.handle = handle ? Promise.resolve(handle) : undefined;
}
