import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, type Executor, migrateDatabase, MIGRATIONS_FOLDER, setDatabaseHandle } from "@/db/client";
import { rowsOf } from "@/db/rows-of";
import { organizations } from "@/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { renderWebhookTracking } from "@/lib/api/versions";
import { createTracking } from "@/lib/trackings/create-tracking";
import { pollTrackingBatch } from "@/lib/trackings/poll-tracking-batch";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";
import { createTestDatabase } from "@/testing/create-test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";

/** The last migration an earlier release shipped: everything after it is new to that data. */
const EARLIER_RELEASE_MIGRATIONS = 18;

/** The migrations folder as an earlier release had it: its first `count` migrations. */
function earlierMigrations(count: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "waybill-migrations-"));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  for (const entry of journal.entries.slice(count)) rmSync(path.join(folder, `${entry.tag}.sql`));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

interface Column {
  table: string;
  column: string;
  type: string;
  udt: string;
  nullable: boolean;
  hasDefault: boolean;
}

/**
 * One row in every table of the schema as it stands: every column that must be given is, each key
 * the same across tables (`id` of table t is `t-1`; a foreign key names the row it points at), so
 * the rows reference each other as real data would.
 */
async function fillEveryTable(db: Executor): Promise<string[]> {
  const columns = rowsOf<Column>(
    await db.execute(sql`
      select table_name as "table", column_name as "column", data_type as type, udt_name as udt, is_nullable = 'YES' as nullable, column_default is not null as "hasDefault"
      from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`),
  );
  const foreignKeys = rowsOf<{ table: string; column: string; refTable: string; refColumn: string }>(
    await db.execute(sql`
      select cl.relname as "table", a.attname as "column", rcl.relname as "refTable", ra.attname as "refColumn"
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
      join pg_class rcl on rcl.oid = c.confrelid
      cross join lateral unnest(c.conkey, c.confkey) as k(col, refcol)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
      join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = k.refcol
      where c.contype = 'f'`),
  );
  const enums = rowsOf<{ name: string; label: string }>(
    await db.execute(sql`select t.typname as name, min(e.enumlabel) as label from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname`),
  );
  const tables = [...new Set(columns.map((column) => column.table))];
  const valueOf = (column: Column): string => {
    const reference = foreignKeys.find((key) => key.table === column.table && key.column === column.column);
    const idOf = (table: string) => (table === "organizations" ? "'org-old'" : `'${table}-1'`);
    if (column.column === "organization_id") return "'org-old'";
    if (reference) return reference.refColumn === "id" ? idOf(reference.refTable) : `'${reference.refColumn}-old'`;
    if (column.column === "id") return idOf(column.table);
    if (column.column.endsWith("_id")) return `'${column.column.slice(0, -3)}-old'`;
    const label = enums.find((candidate) => candidate.name === column.udt)?.label;
    if (label) return `'${label}'`;
    if (column.type === "jsonb" || column.type === "json") return column.column.endsWith("s") ? `'[]'` : `'{}'`;
    if (column.type === "ARRAY") return "'{}'";
    if (column.type.startsWith("timestamp")) return "now()";
    if (column.type === "date") return "'2030-01-01'";
    if (column.type === "boolean") return "false";
    if (["integer", "bigint", "smallint", "numeric", "double precision", "real"].includes(column.type)) return "1";
    return `'${column.table}-${column.column}'`;
  };
  // Parents first: a table goes in once every table it references has its row.
  const pending = new Set(tables);
  const inserted: string[] = [];
  while (pending.size) {
    const ready = [...pending].filter((table) =>
      foreignKeys.filter((key) => key.table === table && key.refTable !== table).every((key) => !pending.has(key.refTable)),
    );
    expect(ready.length, `a cycle among ${[...pending].join(", ")}`).toBeGreaterThan(0);
    for (const table of ready) {
      const given = columns.filter((column) => column.table === table && (!column.hasDefault || column.column === "id" || column.column === "organization_id"));
      const names = given.map((column) => `"${column.column}"`).join(", ");
      await db.execute(sql.raw(`insert into "${table}" (${names}) values (${given.map(valueOf).join(", ")})`));
      inserted.push(table);
      pending.delete(table);
    }
  }
  return inserted;
}

async function countRows(db: Executor, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = rowsOf<{ count: number }>(await db.execute(sql.raw(`select count(*)::int as count from "${table}"`)))[0]!.count;
  return counts;
}

let handle: DatabaseHandle;
let receiver: WebhookReceiver;
const earlier = earlierMigrations(EARLIER_RELEASE_MIGRATIONS);

beforeAll(async () => {
  handle = await createTestDatabase(undefined, { migrate: false });
  setDatabaseHandle(handle);
  receiver = await startWebhookReceiver();
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvForTests();
  setDatabaseHandle(undefined);
  await handle.close();
  await receiver.close();
  rmSync(earlier, { recursive: true, force: true });
});

describe("an upgrade", () => {
  it("starts on a database an earlier release wrote, keeps every row, and polls and delivers a webhook afterwards", async () => {
    await migrateDatabase(handle, earlier);
    const tables = await fillEveryTable(handle.db);
    expect(tables).toEqual(
      expect.arrayContaining(["organizations", "trackings", "checkpoints", "webhook_endpoints", "webhook_deliveries", "api_keys", "users", "memberships"]),
    );
    const before = await countRows(handle.db, tables);

    await migrateDatabase(handle);
    expect(await countRows(handle.db, tables)).toEqual(before);

    // The earlier release's organisation works on the new code: a new tracking is polled and announced.
    const [organization] = await handle.db.select().from(organizations).where(eq(organizations.id, "org-old"));
    expect(organization).toBeDefined();
    const { tracking } = await createTracking(handle.db, organization!, { trackingNumber: `ITOD-1-${Date.now()}`, slugs: ["testing-courier"], fields: {} });
    const polled = await pollTrackingBatch(
      handle.db,
      { organizationId: "org-old", route: "direct", slug: "testing-courier", trackingIds: [tracking.id] },
      new Date(Date.now() + 90_000),
    );
    expect(polled.polled).toBe(1);
    const endpoint = await createWebhookEndpoint(handle.db, "org-old", { url: receiver.url, apiVersion: "2025-04" });
    const sent = await sendTestWebhook(handle.db, "org-old", endpoint.id, renderWebhookTracking);
    expect(sent).toMatchObject({ delivered: true });
    expect(receiver.received).toHaveLength(1);
  });
});

/** Migrations that removed data before this rule, each with why it lost nothing a user could see. */
const REMOVED_BEFORE_THE_RULE: Record<string, string> = {
  "0010_checkpoint_hash.sql": "deletes checkpoints that repeat an earlier one of the same tracking under the new hash: the same scan twice",
};

describe("the migrations", () => {
  it("never drop a table or a column, nor delete rows", () => {
    for (const file of readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith(".sql") && !REMOVED_BEFORE_THE_RULE[name])) {
      const text = readFileSync(path.join(MIGRATIONS_FOLDER, file), "utf8");
      expect(text, file).not.toMatch(/\bdrop\s+(table|column)\b|\btruncate\b|\bdelete\s+from\b|\balter\s+table\s+\S+\s+drop\s+(?!constraint|index)/i);
    }
  });
});
