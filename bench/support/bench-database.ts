import { migrateDatabase, openPostgres } from "@/db/client";
import { testPostgresUrl } from "@/testing/create-test-database";

/** `--name value` from a benchmark's arguments, as a number. */
export function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/** A PostgreSQL database of this name made anew beside the test database, migrated: its URL and an open handle. */
export async function freshBenchDatabase(name: string) {
  const admin = await openPostgres(testPostgresUrl(), { max: 1 });
  await admin.sql!.unsafe(`drop database if exists ${name} with (force)`);
  await admin.sql!.unsafe(`create database ${name}`);
  await admin.close();
  const url = testPostgresUrl(name);
  const handle = await openPostgres(url);
  await migrateDatabase(handle);
  return { url, handle };
}
