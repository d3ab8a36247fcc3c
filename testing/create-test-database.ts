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

/** Runs one statement on the PostgreSQL server's `test` database (creating and dropping others). */
async function onTestServer(statement: string): Promise<void> {
  const admin = await openPostgres(testPostgresUrl(), { max: 1 });
  try {
    await admin.sql!.unsafe(statement);
  } finally {
    await admin.close();
  }
}

/** A new database on the PostgreSQL test server, empty or a copy of `template`; returns its name. */
export async function createPostgresDatabase(template?: string): Promise<string> {
  const name = `waybill_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await onTestServer(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  return name;
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  await onTestServer(`drop database if exists "${name}" with (force)`);
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a scratch database on the
 * PostgreSQL server that is dropped on close. `template` (testing/database-template.ts): the run's
 * migrated database to copy instead of migrating a new one (PGlite's dump file, PostgreSQL's database name).
 */
export async function createTestDatabase(
  kind = testDatabaseKind(),
  options: { max?: number; migrate?: boolean; template?: string } = {},
): Promise<DatabaseHandle> {
  const template = options.migrate === false ? undefined : options.template;
  const migrate = options.migrate !== false && !template;
  if (kind === "pglite") {
    const handle = await openPglite(undefined, undefined, template);
    if (migrate) await migrateDatabase(handle);
    return handle;
  }
  const name = await createPostgresDatabase(template);
  const handle = await openPostgres(testPostgresUrl(name), options);
  if (migrate) await migrateDatabase(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await dropPostgresDatabase(name);
    },
  };
}
