import { afterAll, beforeAll, inject } from "vitest";
import { setDatabaseHandle, type Database, type DatabaseHandle } from "@/db/client";
import { pollRequestsSent } from "@/lib/trackings/poll-requests";
import { createTestDatabase } from "@/testing/create-test-database";

/**
 * Gives a test file its own migrated database (PGlite or PostgreSQL, per WAYBILL_TEST_DB), a copy
 * of the run's template (testing/database-template.ts), and makes it the process's database for
 * the file's duration.
 */
export function setupTestDatabase(): { readonly db: Database; readonly handle: DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase(undefined, { template: inject("testDatabaseTemplate") });
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    // First polls the file's creates asked for go out while their database is open.
    await pollRequestsSent();
    setDatabaseHandle(undefined);
    await handle?.close();
  });
  return {
    get db() {
      if (!handle) throw new Error("The test database is opened in beforeAll");
      return handle.db;
    },
    get handle() {
      if (!handle) throw new Error("The test database is opened in beforeAll");
      return handle;
    },
  };
}
