import { and, desc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { importRuns, organizations } from "@/db/schema";
import { openCredentials, sealCredentials } from "@/lib/connections/credentials-cipher";
import { InvalidError, NotFoundError } from "@/lib/domain-errors";
import { env } from "@/lib/env";
import { importRequested } from "@/lib/events/events";
import { recordFollowUp, sendFollowUps } from "@/lib/events/follow-ups";
import { newId } from "@/lib/ids";
import { AfterShipError, fetchAfterShipPage } from "./aftership-source";
import { importTrackings } from "./import-trackings";

export type ImportRun = typeof importRuns.$inferSelect;

/** Without `since`, the history AfterShip keeps (120 days), with room. */
const DEFAULT_HISTORY_DAYS = 180;

const contextOf = (run: Pick<ImportRun, "organizationId" | "id">) => `import:${run.organizationId}:${run.id}`;

function sinceOf(since: string | null | undefined, now: Date): string {
  if (!since) return new Date(now.getTime() - DEFAULT_HISTORY_DAYS * 86_400_000).toISOString();
  const parsed = Date.parse(since);
  if (Number.isNaN(parsed)) throw new InvalidError("since", "format", "since: a date such as 2026-06-01.");
  return new Date(parsed).toISOString();
}

function asInputError(error: unknown): never {
  if (error instanceof AfterShipError) throw new InvalidError("apiKey", error.kind === "auth" ? "invalid" : "unknown", error.message);
  throw error;
}

/**
 * Starts moving an AfterShip account's trackings (created since `since`) into the organisation: one
 * call proves the key, which is sealed on the run until it ends; the pages are brought in by the
 * background (`importAfterShipPage`), resumably, unless the caller takes them itself.
 */
export async function startAfterShipImport(
  db: Database,
  organizationId: string,
  input: { apiKey: string; since?: string | null },
  now: Date,
  options: { inBackground: boolean } = { inBackground: true },
): Promise<ImportRun> {
  const apiKey = input.apiKey?.trim();
  if (!apiKey) throw new InvalidError("apiKey", "missing", "apiKey: the AfterShip account's API key (AfterShip → Settings → API keys).");
  const since = sinceOf(input.since, now);
  const baseUrl = env().AFTERSHIP_API_BASE_URL;
  await fetchAfterShipPage({ baseUrl, apiKey }, { cursor: null, since }).catch(asInputError);
  const id = newId();
  const run = {
    id,
    organizationId,
    source: "aftership" as const,
    baseUrl,
    credentialsCiphertext: sealCredentials({ apiKey }, contextOf({ organizationId, id })),
    since,
    cursor: null,
    status: "running" as const,
    createdAt: now,
    updatedAt: now,
  };
  const followUps = await db.transaction(async (tx) => {
    await tx.insert(importRuns).values(run);
    // The operator's command takes the pages itself, in its own process.
    return options.inBackground ? [await recordFollowUp(tx, organizationId, importRequested, { organizationId, importId: id })] : [];
  });
  await sendFollowUps(db, followUps);
  const [stored] = await db.select().from(importRuns).where(eq(importRuns.id, id));
  return stored!;
}

/**
 * One page of an import: from the cursor kept on the run (so a restart goes on from there), taken
 * in, then the cursor and the counts moved. The last page ends the run and drops its key. Returns
 * whether more pages remain.
 */
export async function importAfterShipPage(db: Database, importId: string, now: Date): Promise<boolean> {
  const [run] = await db.select().from(importRuns).where(eq(importRuns.id, importId));
  if (run?.status !== "running" || !run.credentialsCiphertext) return false;
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, run.organizationId));
  if (!organization) return false;
  const { apiKey } = openCredentials(run.credentialsCiphertext, contextOf(run));
  const page = await fetchAfterShipPage({ baseUrl: run.baseUrl, apiKey: apiKey! }, { cursor: run.cursor, since: run.since! });
  const tally = await importTrackings(db, organization, page.trackings, now);
  const skipReasons = { ...run.skipReasons };
  for (const [reason, count] of Object.entries(tally.skipped)) skipReasons[reason] = (skipReasons[reason] ?? 0) + count;
  const done = page.nextCursor === null;
  await db
    .update(importRuns)
    .set({
      cursor: page.nextCursor,
      imported: run.imported + tally.imported,
      updated: run.updated + tally.updated,
      skipped: run.skipped + Object.values(tally.skipped).reduce((sum, count) => sum + count, 0),
      skipReasons,
      updatedAt: now,
      ...(done && { status: "done" as const, finishedAt: now, credentialsCiphertext: null }),
    })
    .where(eq(importRuns.id, importId));
  return !done;
}

/** The import gave up (AfterShip kept failing): said on the run, its key dropped. */
export async function failImport(db: Database, importId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(importRuns)
    .set({ status: "failed", error: reason, finishedAt: now, updatedAt: now, credentialsCiphertext: null })
    .where(eq(importRuns.id, importId));
}

/** An import of the organisation that has not ended (a command stopped halfway), to go on with. */
export async function unfinishedImport(db: Database, organizationId: string): Promise<ImportRun | null> {
  const [run] = await db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.organizationId, organizationId), eq(importRuns.status, "running")))
    .orderBy(desc(importRuns.createdAt))
    .limit(1);
  return run ?? null;
}

/** The organisation's imports, newest first, for Settings → Import. */
export async function listImports(db: Database, organizationId: string): Promise<ImportRun[]> {
  return db.select().from(importRuns).where(eq(importRuns.organizationId, organizationId)).orderBy(desc(importRuns.createdAt)).limit(20);
}

export async function getImport(db: Database, organizationId: string, importId: string): Promise<ImportRun> {
  const [run] = await db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.organizationId, organizationId), eq(importRuns.id, importId)));
  if (!run) throw new NotFoundError("import", "No such import in this organisation.");
  return run;
}
