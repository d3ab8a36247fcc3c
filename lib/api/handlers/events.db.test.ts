import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organizations } from "@/db/schema";
import { markTrackingCompleted } from "@/lib/trackings/mark-tracking-completed";
import { createTracking } from "@/lib/trackings/create-tracking";
import { pruneChanges } from "@/lib/trackings/changes/prune-changes";
import { readChanges } from "@/lib/trackings/changes/read-changes";
import { recordChange } from "@/lib/trackings/changes/record-changes";
import { callApi } from "@/testing/api-client";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTestTracking } from "@/testing/tracking-updates";

const testDb = setupTestDatabase();

describe("GET /events", () => {
  it("answers the organisation's changes in order, each tracking in the path's version, with a cursor to read on", async () => {
    const { key, organization } = await createTenant(testDb.db);
    const stranger = await createTenant(testDb.db);
    const first = await createTestTracking(key, { emails: ["jo@example.com"] });
    const second = await createTestTracking(key);
    await markTrackingCompleted(testDb.db, organization.id, { id: first }, { reason: "DELIVERED" });
    await callApi("DELETE", `/2025-07/trackings/${second}`, { key });
    await createTestTracking(stranger.key);

    const all = await callApi("GET", "/2025-07/events", { key });
    expect(all.status).toBe(200);
    const events = all.body.data.events as Array<Record<string, any>>;
    expect(events.map((event) => [event.position, event.type, event.tracking.id])).toEqual([
      [1, "tracking.created", first],
      [2, "tracking.created", second],
      [3, "tracking.completed", first],
      [4, "tracking.deleted", second],
    ]);
    expect(events[2]!.tracking).toMatchObject({ id: first, tag: "Delivered" });
    expect(events[2]!.tracking.checkpoints).toHaveLength(1);
    // The snapshot loses nothing: the change renders as the API answers for the tracking it left.
    expect(events[2]!.tracking).toEqual((await callApi("GET", `/2025-07/trackings/${first}`, { key })).body.data);
    expect(events[0]!.tracking).toMatchObject({ tag: "Pending", checkpoints: [] });
    expect(events[0]!.id).toMatch(/^chg_/);
    expect(events[0]!.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(all.body.data).toMatchObject({ next_cursor: "4", has_more: false });

    const paged = await callApi("GET", "/tracking/2026-07/events?limit=2&after=1", { key });
    expect(paged.body.data.events.map((event: { position: number }) => event.position)).toEqual([2, 3]);
    expect(paged.body.data).toMatchObject({ next_cursor: "3", has_more: true });
    const completed = await callApi("GET", "/2025-07/events?types=tracking.completed,tracking.deleted", { key });
    expect(completed.body.data.events.map((event: { type: string }) => event.type)).toEqual(["tracking.completed", "tracking.deleted"]);

    const theirs = await callApi("GET", "/2025-07/events", { key: stranger.key });
    expect(theirs.body.data.events.map((event: { position: number; tracking: { id: string } }) => event.position)).toEqual([1]);
    expect(theirs.body.data.events[0].tracking.id).not.toBe(first);
  });

  it("keeps each change's timeline after the tracking is deleted", async () => {
    const { key, organization } = await createTenant(testDb.db);
    const id = await createTestTracking(key);
    await markTrackingCompleted(testDb.db, organization.id, { id }, { reason: "DELIVERED" });
    await callApi("DELETE", `/2025-07/trackings/${id}`, { key });
    const events = (await callApi("GET", "/2026-07/events", { key })).body.data.events as Array<{ type: string; tracking: { checkpoints: unknown[] } }>;
    expect(events.map((event) => [event.type, event.tracking.checkpoints.length])).toEqual([
      ["tracking.created", 0],
      ["tracking.completed", 1],
      ["tracking.deleted", 1],
    ]);
  });

  it("refuses a cursor, limit or type it cannot read, and is not part of versions before 2025-07", async () => {
    const { key } = await createTenant(testDb.db);
    for (const query of ["after=abc", "after=-1", "limit=0", "limit=500", "types=tracking.exploded"]) {
      const res = await callApi("GET", `/2025-07/events?${query}`, { key });
      expect(res.status, query).toBe(400);
      expect(res.body.meta).toMatchObject({ code: 4008, type: "BadRequest" });
      expect(res.body.meta.message).toMatch(/after|limit|types/);
    }
    expect((await callApi("GET", "/2025-04/events", { key })).status).toBe(404);
    expect((await callApi("GET", "/2025-07/events")).status).toBe(401);
  });

  it("keeps changes as long as each organisation's retention says, and everything by default", async () => {
    const handle = testDb;
    {
      const short = await createTenant(handle.db);
      const keeping = await createTenant(handle.db);
      await handle.db.update(organizations).set({ changeRetentionDays: 7 }).where(eq(organizations.id, short.organization.id));
      const now = new Date("2026-11-26T12:00:00Z");
      for (const { organization } of [short, keeping]) {
        const { tracking } = await createTracking(handle.db, organization, {
          trackingNumber: `ITOD-keep-${organization.id}`,
          slugs: ["testing-courier"],
          fields: {},
        });
        for (const daysAgo of [30, 8, 6]) {
          await recordChange(handle.db, organization.id, {
            type: "tracking.updated",
            record: { tracking, checkpoints: [] },
            occurredAt: new Date(now.getTime() - daysAgo * 86_400_000),
          });
        }
      }
      expect(await pruneChanges(handle.db, now)).toBe(2);
      const left = async (organizationId: string) =>
        (await readChanges(handle.db, organizationId, { after: 0, limit: 10 })).changes.map((change) => change.position);
      // The creation happened "now" (the test's wall clock is later than the injected one): it stays.
      expect(await left(short.organization.id)).toEqual([1, 4]);
      expect(await left(keeping.organization.id)).toEqual([1, 2, 3, 4]);
    }
  });
});
