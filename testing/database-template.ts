import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openPglite, openPostgres } from "@/db/client";
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseKind, testPostgresUrl } from "./create-test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's migrated database that each test file's starts as a copy of: PGlite's dump file, or PostgreSQL's database name. */
    testDatabaseTemplate: string;
  }
}

/**
 * Vitest's global setup: migrates one database per run, because a new PGlite cluster's initdb
 * costs seconds and 31 migrations most of another, and every database test file would pay them again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testDatabaseKind() === "postgres") {
    const name = await createPostgresDatabase();
    const handle = await openPostgres(testPostgresUrl(name));
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    project.provide("testDatabaseTemplate", name);
    return () => dropPostgresDatabase(name);
  }
  const handle = await openPglite();
  let dump: Uint8Array;
  try {
    await migrateDatabase(handle);
    dump = await handle.dump!();
  } finally {
    await handle.close();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "waybill-test-template-"));
  const file = path.join(dir, "migrated.tar.gz");
  writeFileSync(file, dump);
  project.provide("testDatabaseTemplate", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
