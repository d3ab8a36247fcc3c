import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { importedTrackings, type NewTracking, type Organization, type Tracking, trackings } from "@/db/schema";
import { DomainError } from "@/lib/domain-errors";
import { applyTrackingUpdates, type TrackingUpdate } from "@/lib/trackings/apply-tracking-update";
import { newTrackingRow } from "@/lib/trackings/create-tracking";
import { insertTrackings, type NewTrackingConnection } from "@/lib/trackings/insert-tracking";
import { recordRollupChanges } from "@/lib/trackings/insights/record-rollups";
import { searchTextOf } from "@/lib/trackings/tracking-patch";
import { type ImportedTracking, readAfterShipTracking } from "./read-aftership-tracking";

export interface ImportTally {
  imported: number;
  updated: number;
  skipped: Record<string, number>;
}

const SOURCE = "aftership";

function skip(tally: ImportTally, reason: string) {
  tally.skipped[reason] = (tally.skipped[reason] ?? 0) + 1;
}

/** The columns an import sets beyond a create's: AfterShip's dates, estimate, signature, and whether to follow it. */
function importedColumns(item: ImportedTracking, now: Date): Partial<NewTracking> {
  return {
    active: item.active,
    nextPollAt: item.active ? now : null,
    expectedDelivery: item.expectedDelivery,
    signedBy: item.signedBy,
    ...(item.createdAt && { createdAt: item.createdAt }),
  };
}

async function trackingsByDedupeKey(db: Database, organizationId: string, keys: string[]): Promise<Map<string, Tracking>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), inArray(trackings.dedupeKey, keys)));
  return new Map(rows.map((row) => [row.dedupeKey, row]));
}

async function mappedTrackings(db: Database, organizationId: string, items: ImportedTracking[]): Promise<Map<string, Tracking>> {
  if (!items.length) return new Map();
  const rows = await db
    .select({ externalId: importedTrackings.externalId, tracking: trackings })
    .from(importedTrackings)
    .innerJoin(trackings, and(eq(trackings.organizationId, importedTrackings.organizationId), eq(trackings.id, importedTrackings.trackingId)))
    .where(
      and(
        eq(importedTrackings.organizationId, organizationId),
        eq(importedTrackings.source, SOURCE),
        inArray(
          importedTrackings.externalId,
          items.map((item) => item.externalId),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.externalId, row.tracking]));
}

/**
 * Takes a page of AfterShip trackings into the organisation, in one transaction: a tracking seen
 * before (by AfterShip's id) or already in Waybill (same courier and number) is updated, any other
 * created, each with its status and checkpoints as history and followed only if AfterShip still
 * followed it. Nothing is announced (no webhooks, no messages): it is history, not news.
 */
export async function importTrackings(db: Database, organization: Organization, page: Array<Record<string, unknown>>, now: Date): Promise<ImportTally> {
  const tally: ImportTally = { imported: 0, updated: 0, skipped: {} };
  const items = new Map<string, ImportedTracking>();
  for (const json of page) {
    try {
      const item = readAfterShipTracking(json);
      items.set(item.externalId, item);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      skip(tally, error.message);
    }
  }
  await db.transaction(async (tx) => {
    const known = await mappedTrackings(tx as Database, organization.id, [...items.values()]);
    const updates: TrackingUpdate[] = [];
    const fresh: Array<{ item: ImportedTracking; row: NewTracking; connection: NewTrackingConnection }> = [];
    for (const item of items.values()) {
      const tracking = known.get(item.externalId);
      if (tracking) {
        const fields = { ...item.create.fields, ...importedColumns(item, now), updatedAt: now };
        const [updated] = await tx
          .update(trackings)
          .set({ ...fields, searchText: searchTextOf({ ...tracking, ...fields }) })
          .where(and(eq(trackings.organizationId, organization.id), eq(trackings.id, tracking.id)))
          .returning();
        updates.push({ tracking: updated!, input: { checkpoints: item.checkpoints, status: item.status, now } });
        tally.updated += 1;
        continue;
      }
      try {
        const prepared = await newTrackingRow(tx, organization, { ...item.create, source: SOURCE }, now);
        fresh.push({ item, row: { ...prepared.row, ...importedColumns(item, now) }, connection: prepared.connection });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        skip(tally, error.message);
      }
    }
    const created = await insertTrackings(tx, fresh);
    const createdById = new Map(created.map((tracking) => [tracking.id, tracking]));
    // Left out: already in Waybill (created through the API before the move), adopted and updated.
    const adopted = await trackingsByDedupeKey(
      tx as Database,
      organization.id,
      fresh.filter(({ row }) => !createdById.has(row.id!)).map(({ row }) => row.dedupeKey),
    );
    const mappings: Array<typeof importedTrackings.$inferInsert> = [];
    for (const { item, row } of fresh) {
      const tracking = createdById.get(row.id!) ?? adopted.get(row.dedupeKey);
      if (!tracking) {
        skip(tally, "its id is taken by another tracking");
        continue;
      }
      if (createdById.has(row.id!)) tally.imported += 1;
      else tally.updated += 1;
      mappings.push({ organizationId: organization.id, source: SOURCE, externalId: item.externalId, trackingId: tracking.id });
      updates.push({ tracking, input: { checkpoints: item.checkpoints, status: item.status, now } });
    }
    await recordRollupChanges(
      tx,
      created.map((tracking) => ({ before: null, after: tracking })),
    );
    await applyTrackingUpdates(tx, updates);
    if (mappings.length) await tx.insert(importedTrackings).values(mappings).onConflictDoNothing();
  });
  return tally;
}
