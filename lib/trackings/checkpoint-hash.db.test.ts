import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkpoints } from "@/db/schema";
import { checkpointHash } from "@/lib/carriers/checkpoint-hash";
import { newId } from "@/lib/ids";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";

const testDb = setupTestDatabase();

const MIGRATION = new URL("../../db/migrations/0010_checkpoint_hash.sql", import.meta.url);

describe("one checkpoint identity", () => {
  it("migration 0010 gives existing rows the same hash the code computes, keeping one of each event", async () => {
    const { key, organization } = await createTenant(testDb.db);
    const created = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: `ITOD-1-${Date.now()}`, slug: "testing-courier" } });
    const trackingId: string = created.body.data.id;
    const row = (position: number, fields: Partial<typeof checkpoints.$inferInsert>) => ({
      id: newId(),
      organizationId: organization.id,
      trackingId,
      position,
      slug: "testing-courier",
      checkpointTime: "2025-03-01T10:00:00",
      message: "Arrived",
      tag: "InTransit",
      subtag: "InTransit_001",
      subtagMessage: "In transit",
      dedupeKey: `old-rule-${position}`,
      ...fields,
    });
    await testDb.db
      .insert(checkpoints)
      .values([
        row(0, { message: "  Arrived  at\tHUB ", location: "Bonn", rawTag: "AR" }),
        row(1, { message: "arrived at hub", location: "BONN", rawTag: "AR" }),
        row(2, { message: "Zugestellt an Nachbar Müller", location: null, city: "Köln", rawTag: null }),
        row(3, { message: "Ärger \r\n mit Zoll", location: "", city: "Ignored", rawTag: "X1" }),
      ]);
    const statements = readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
    for (const statement of statements) await testDb.db.execute(sql.raw(statement));

    const rows = await testDb.db.select().from(checkpoints).where(eq(checkpoints.trackingId, trackingId)).orderBy(asc(checkpoints.position));
    expect(rows.map((stored) => stored.position)).toEqual([0, 2, 3]);
    for (const stored of rows) expect(stored.dedupeKey).toBe(checkpointHash(stored.slug, stored));
  });
});
