import { randomBytes } from "node:crypto";
import { migrateDatabase, openPglite, openPostgres, type DatabaseHandle } from "@/db/client";
import { DEFAULT_TEST_POSTGRES_URL } from "@/scripts/test-prerequisites.mjs";

/** Which engine the database tests run on: `npm test` runs them once per engine. */
export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.WAYBILL_TEST_DB === "postgres" ? "postgres" : "pglite";
}

export function testPostgresUrl(database = "test"): string {
  const base = process.env.WAYBILL_TEST_POSTGRES_URL ?? DEFAULT_TEST_POSTGRES_URL;
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a scratch database on the
 * PostgreSQL server that is dropped on close.
 */
export async function createTestDatabase(kind = testDatabaseKind(), options: { max?: number; migrate?: boolean } = {}): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const handle = await openPglite();
    if (options.migrate !== false) await migrateDatabase(handle);
    return handle;
  }
  const name = `waybill_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = await openPostgres(testPostgresUrl(), { max: 1 });
  try {
    await admin.sql!.unsafe(`create database "${name}"`);
  } finally {
    await admin.close();
  }
  const handle = await openPostgres(testPostgresUrl(name), options);
  if (options.migrate !== false) await migrateDatabase(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = await openPostgres(testPostgresUrl(), { max: 1 });
      try {
        await cleanup.sql!.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.close();
      }
    },
  };
}
