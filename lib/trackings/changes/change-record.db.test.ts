import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrateDatabase, openPglite, openPostgres, setDatabaseHandle, type Database, type DatabaseHandle } from "@/db/client";
import { and, eq } from "drizzle-orm";
import { trackings, type Organization } from "@/db/schema";
import { subtagMessage } from "@/lib/carriers/subtags";
import type { NormalizedCheckpoint } from "@/lib/carriers/types";
import type { Tag } from "@/lib/tags";
import { createTestDatabase, testDatabaseKind } from "@/testing/create-test-database";
import { createTenant } from "@/testing/factories";
import { createTracking } from "../create-tracking";
import { pollRequestsSent } from "../poll-requests";
import { deleteTracking } from "../delete-tracking";
import { markTrackingCompleted } from "../mark-tracking-completed";
import { retrackTracking } from "../retrack-tracking";
import { storeAnswers } from "../store-poll-answers";
import { updateTracking } from "../update-tracking";
import { readChanges, type StoredChange } from "./read-changes";
import { recordChange } from "./record-changes";

/** A small seeded generator: the same run every time, and a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const SCANS: Array<{ tag: Tag; subtag: string }> = [
  { tag: "InfoReceived", subtag: "InfoReceived_001" },
  { tag: "InTransit", subtag: "InTransit_002" },
  { tag: "OutForDelivery", subtag: "OutForDelivery_001" },
  { tag: "AttemptFail", subtag: "AttemptFail_001" },
  { tag: "Exception", subtag: "Exception_004" },
];

function scan(index: number, pick: (typeof SCANS)[number]): NormalizedCheckpoint {
  return {
    checkpointTime: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString().slice(0, 19),
    occurredAt: null,
    message: `Scan ${index}`,
    location: null,
    city: null,
    state: null,
    zip: null,
    countryIso3: null,
    countryName: null,
    coordinates: [],
    tag: pick.tag,
    subtag: pick.subtag,
    subtagMessage: subtagMessage(pick.subtag),
    rawTag: null,
  };
}

interface Live {
  id: string;
  active: boolean;
  timeline: NormalizedCheckpoint[];
  retracks: number;
}

/**
 * One instance's writer: random creates, polls, courier corrections, completions, retracks and
 * deletions through the verbs themselves, until it has made its share of changes. Returns how many
 * of each type it expects in the record.
 */
async function write(db: Database, organization: Organization, seed: number, target: number): Promise<Map<string, number>> {
  const next = random(seed);
  const live: Live[] = [];
  const expected = new Map<string, number>();
  const count = (type: string) => expected.set(type, (expected.get(type) ?? 0) + 1);
  let made = 0;
  let scans = 0;
  while (made < target) {
    const roll = next();
    const pick = live.length ? live[Math.floor(next() * live.length)]! : undefined;
    if (!pick || roll < 0.2) {
      const record = await createTracking(db, organization, {
        trackingNumber: `ITOD-${seed}-${made}-${Math.floor(next() * 1e9)}`,
        slugs: ["testing-courier"],
        fields: {},
      });
      live.push({ id: record.tracking.id, active: true, timeline: [], retracks: 0 });
      count("tracking.created");
    } else if (roll < 0.75 && pick.active) {
      pick.timeline = [...pick.timeline, scan(++scans, SCANS[Math.floor(next() * SCANS.length)]!)];
      const rows = await db
        .select()
        .from(trackings)
        .where(and(eq(trackings.organizationId, organization.id), eq(trackings.id, pick.id)));
      const outcome = await storeAnswers(
        db,
        { organizationId: organization.id, trackingIds: [pick.id] },
        rows,
        () => ({ result: { kind: "found", checkpoints: pick.timeline, shipment: {} } }),
        "polled",
        new Date(),
        { estimatesAskedUpFront: true },
      );
      if (outcome.changes.length) count("tracking.updated");
    } else if (roll < 0.82 && pick.active) {
      await updateTracking(db, organization, { id: pick.id }, { fields: {}, slug: pick.timeline.length % 2 ? "dhl" : "testing-courier" }).then(
        ({ courierChanged }) => courierChanged && count("tracking.courier_corrected"),
      );
      pick.timeline = [];
    } else if (roll < 0.9 && pick.active) {
      const change = await markTrackingCompleted(db, organization.id, { id: pick.id }, { reason: "DELIVERED" });
      if (change.changed) count("tracking.completed");
      pick.active = false;
    } else if (roll < 0.95 && !pick.active && pick.retracks < 3) {
      await retrackTracking(db, organization.id, { id: pick.id });
      pick.retracks++;
      pick.active = true;
      count("tracking.retracked");
    } else if (roll >= 0.95) {
      await deleteTracking(db, organization.id, { id: pick.id });
      live.splice(live.indexOf(pick), 1);
      count("tracking.deleted");
    } else {
      continue;
    }
    made = [...expected.values()].reduce((sum, value) => sum + value, 0);
  }
  return expected;
}

/** A client of the feed: keeps its cursor, reads page after page until told there is no more. */
async function readAll(db: Database, organizationId: string, cursor: number, into: StoredChange[]): Promise<number> {
  for (;;) {
    const page = await readChanges(db, organizationId, { after: cursor, limit: 37 });
    into.push(...page.changes);
    cursor = page.lastPosition;
    if (!page.hasMore) return cursor;
  }
}

async function secondInstance(handle: DatabaseHandle): Promise<DatabaseHandle> {
  // PGlite is one process's database: its "second instance" is a second writer on the same connection.
  return handle.kind === "postgres" ? openPostgres(handle.url!, { max: 4 }) : { ...handle, close: async () => {} };
}

describe("the record of changes", () => {
  it("1,000 random changes from two instances read back in order, without gap or duplicate, across a restart", { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "waybill-changes-"));
    // PGlite restarts from its directory; PostgreSQL from the server.
    let first: DatabaseHandle = testDatabaseKind() === "pglite" ? await openPglite(dir) : await createTestDatabase();
    if (first.kind === "pglite") await migrateDatabase(first);
    // The verbs' follow-up events go to the embedded runner, which writes to the process's database.
    setDatabaseHandle(first);
    try {
      const { organization } = await createTenant(first.db);
      const other = await createTenant(first.db);
      const second = await secondInstance(first);
      const seen: StoredChange[] = [];
      let cursor = 0;
      let writing = true;
      // A client reading while both instances write: what it sees must already be complete and in order.
      const reader = (async () => {
        while (writing) cursor = await readAll(first.db, organization.id, cursor, seen);
      })();
      // The third writer's changes are another organisation's: none may reach this feed.
      const [a, b] = await Promise.all([
        write(first.db, organization, 11, 500),
        write(second.db, organization, 23, 500),
        write(second.db, other.organization, 5, 30),
      ]).finally(() => (writing = false));
      await reader;
      // The first polls the creates asked for go out before their databases close.
      await pollRequestsSent();
      await second.close();

      // The restart: the client kept only its cursor.
      if (first.kind === "pglite") {
        await pollRequestsSent();
        await first.close();
        first = await openPglite(dir);
        setDatabaseHandle(first);
      }
      cursor = await readAll(first.db, organization.id, cursor, seen);
      const positions = seen.map((change) => change.position);
      expect(positions).toEqual(Array.from({ length: positions.length }, (_, index) => index + 1));
      expect(new Set(seen.map((change) => change.id)).size).toBe(seen.length);

      const expected = new Map<string, number>();
      for (const counts of [a, b]) for (const [type, value] of counts) expected.set(type, (expected.get(type) ?? 0) + value);
      const byType = new Map<string, number>();
      for (const change of seen) {
        if (change.type === "tracking.attention_cleared") continue;
        byType.set(change.type, (byType.get(change.type) ?? 0) + 1);
      }
      expect(Object.fromEntries(byType)).toEqual(Object.fromEntries(expected));
      expect(seen.length).toBeGreaterThanOrEqual(1000);
      expect(seen.every((change) => change.record.tracking.organizationId === organization.id)).toBe(true);

      // The same cursor, read twice, gives the same page.
      const again = await readChanges(first.db, organization.id, { after: 100, limit: 50 });
      const twice = await readChanges(first.db, organization.id, { after: 100, limit: 50 });
      expect(twice.changes.map((change) => change.id)).toEqual(again.changes.map((change) => change.id));
      expect(again.changes.map((change) => change.position)).toEqual(positions.slice(100, 150));

      // A change whose transaction rolls back never appears, and takes no position.
      const last = positions.at(-1)!;
      const victim = seen.find((change) => change.type === "tracking.created")!;
      await expect(
        first.db.transaction(async (tx) => {
          await recordChange(tx, organization.id, { type: "tracking.updated", record: victim.record, occurredAt: new Date() });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      const created = await createTracking(first.db, organization, { trackingNumber: `ITOD-after-${Date.now()}`, slugs: ["testing-courier"], fields: {} });
      const after = await readChanges(first.db, organization.id, { after: last, limit: 10 });
      expect(after.changes.map((change) => [change.position, change.type, change.trackingId])).toEqual([[last + 1, "tracking.created", created.tracking.id]]);
    } finally {
      await pollRequestsSent();
      setDatabaseHandle(undefined);
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
