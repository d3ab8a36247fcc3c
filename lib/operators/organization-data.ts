import { eq, getTableColumns, getTableName, inArray, isTable, sql, type Table } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Database, Executor } from "@/db/client";
import { rowsOf } from "@/db/rows-of";
import * as schema from "@/db/schema";

type OwnedTable = PgTable & { organizationId: PgColumn };

/**
 * Every table an organisation owns rows in (an `organization_id` column), children before the
 * tables they reference, so deleting in this order never trips a foreign key.
 */
export function organizationTables(): OwnedTable[] {
  const owned = (Object.values(schema) as unknown[]).filter(
    (value): value is OwnedTable => isTable(value) && "organizationId" in getTableColumns(value as Table),
  );
  const references = new Map(owned.map((table) => [table, getTableConfig(table).foreignKeys.map((key) => key.reference().foreignTable as PgTable)]));
  const ordered: OwnedTable[] = [];
  const visit = (table: OwnedTable, path: Set<OwnedTable>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    // Whoever references this table goes first.
    for (const [child, parents] of references) if (child !== table && parents.includes(table)) visit(child, path);
    ordered.push(table);
  };
  for (const table of owned) visit(table, new Set());
  return ordered;
}

/** The organisation's rows per table, its queued background runs and events, and its stored rate-limit windows. */
export async function countOrganizationRows(db: Executor, organizationId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of organizationTables()) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.organizationId, organizationId));
    counts[getTableName(table)] = row!.count;
  }
  const [organization] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  counts.organizations = organization!.count;
  const [runs] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.jobRuns)
    .where(ownedRun(organizationId));
  counts.job_runs = runs!.count;
  const [events] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.jobEvents)
    .where(ownedEvent(organizationId));
  counts.job_events = events!.count;
  const windows = await db.execute(sql`select count(*)::int as count from rate_limiter_windows where key like ${`%org:${organizationId}%`}`);
  counts.rate_limiter_windows = rowsOf<{ count: number }>(windows)[0]?.count ?? 0;
  return counts;
}

const ownedRun = (organizationId: string) => sql`${schema.jobRuns.event}->'data'->>'organizationId' = ${organizationId}`;
const ownedEvent = (organizationId: string) => sql`${schema.jobEvents.payload}->'data'->>'organizationId' = ${organizationId}`;

/**
 * Erases everything the organisation owns, in one transaction: its rows in every table (trackings,
 * checkpoints, webhooks, messages, logo, rollups, keys…), its queued background runs and events, its
 * stored rate-limit windows, the accounts that belonged to it alone, and the organisation itself.
 * `confirmName` must be the organisation's name, so an id pasted wrong erases nothing.
 */
export async function deleteOrganization(db: Database, organizationId: string, confirmName: string): Promise<Record<string, number>> {
  const [organization] = await db.select().from(schema.organizations).where(eq(schema.organizations.id, organizationId));
  if (!organization) throw new Error(`No organisation has the id ${organizationId}.`);
  if (organization.name !== confirmName) throw new Error(`--confirm must be the organisation's name ("${organization.name}"): nothing was deleted.`);
  const erased = await countOrganizationRows(db, organizationId);
  await db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: schema.memberships.userId })
      .from(schema.memberships)
      .where(eq(schema.memberships.organizationId, organizationId));
    for (const table of organizationTables()) await tx.delete(table).where(eq(table.organizationId, organizationId));
    await tx.delete(schema.jobRuns).where(ownedRun(organizationId));
    await tx.delete(schema.jobEvents).where(ownedEvent(organizationId));
    await tx.execute(sql`delete from rate_limiter_windows where key like ${`%org:${organizationId}%`}`);
    await tx.delete(schema.organizations).where(eq(schema.organizations.id, organizationId));
    // Accounts that belonged to this organisation alone go with it; members of others stay.
    const userIds = members.map((member) => member.userId);
    if (userIds.length) {
      const stillMembers = await tx.select({ userId: schema.memberships.userId }).from(schema.memberships).where(inArray(schema.memberships.userId, userIds));
      const orphans = userIds.filter((id) => !stillMembers.some((member) => member.userId === id));
      if (orphans.length) await tx.delete(schema.users).where(inArray(schema.users.id, orphans));
    }
  });
  return erased;
}

// Secrets and credentials never leave in an export, sealed or not.
const SECRET_COLUMN = /secret|hash|ciphertext|token/i;
const SECRET_TABLES = new Set(["webhook_secrets"]);

function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMN.test(column)));
}

/**
 * Writes everything the organisation owns as JSON Lines, one file per table (`trackings.jsonl` with
 * each tracking's checkpoints inside it; members with their e-mail and role), without secrets or
 * credentials. Returns the lines written per file.
 */
export async function exportOrganization(
  db: Database,
  organizationId: string,
  write: (file: string, lines: string[]) => Promise<void>,
): Promise<Record<string, number>> {
  const [organization] = await db.select().from(schema.organizations).where(eq(schema.organizations.id, organizationId));
  if (!organization) throw new Error(`No organisation has the id ${organizationId}.`);
  const written: Record<string, number> = {};
  const save = async (file: string, rows: Array<Record<string, unknown>>) => {
    await write(
      file,
      rows.map((row) => JSON.stringify(withoutSecrets(row))),
    );
    written[file] = rows.length;
  };
  await save("organization.jsonl", [organization]);
  const checkpointsOf = new Map<string, Array<Record<string, unknown>>>();
  for (const checkpoint of await db.select().from(schema.checkpoints).where(eq(schema.checkpoints.organizationId, organizationId))) {
    checkpointsOf.set(checkpoint.trackingId, [...(checkpointsOf.get(checkpoint.trackingId) ?? []), checkpoint]);
  }
  for (const table of organizationTables()) {
    const name = getTableName(table);
    if (SECRET_TABLES.has(name) || table === (schema.checkpoints as unknown)) continue;
    const rows = (await db.select().from(table).where(eq(table.organizationId, organizationId))) as Array<Record<string, unknown>>;
    if (name === "trackings") {
      await save(
        "trackings.jsonl",
        rows.map((row) => ({ ...row, checkpoints: checkpointsOf.get(String(row.id)) ?? [] })),
      );
    } else if (name === "memberships") {
      const users = await db
        .select({ email: schema.users.email, name: schema.users.name, role: schema.memberships.role })
        .from(schema.memberships)
        .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
        .where(eq(schema.memberships.organizationId, organizationId));
      await save("members.jsonl", users);
    } else {
      await save(`${name}.jsonl`, rows);
    }
  }
  return written;
}
