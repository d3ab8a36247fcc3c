import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { pendingMigrationCount } from "@/db/migration-status";

export interface Readiness {
  ready: boolean;
  checks: { database: string; migrations: string; worker: string };
}

const DATABASE_TIMEOUT_MS = 2_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

/**
 * Whether this instance can serve: its database answers, every migration of this build is applied,
 * and the job worker runs (the embedded runner; with Inngest, Inngest runs the jobs).
 */
export async function readiness(openDb: () => Promise<Database>, worker: () => "ok" | "stopped" | "external"): Promise<Readiness> {
  const checks = { database: "ok", migrations: "ok", worker: worker() as string };
  try {
    const db = await within(openDb(), DATABASE_TIMEOUT_MS);
    await within(db.execute(sql`select 1`), DATABASE_TIMEOUT_MS);
    const pending = await within(pendingMigrationCount(db), DATABASE_TIMEOUT_MS);
    if (pending > 0) checks.migrations = `${pending} migration(s) not applied`;
  } catch (error) {
    checks.database = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
    checks.migrations = "unknown";
  }
  return { ready: checks.database === "ok" && checks.migrations === "ok" && checks.worker !== "stopped", checks };
}
