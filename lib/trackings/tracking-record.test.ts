import { describe, expect, it } from "vitest";
import type { Checkpoint, Tracking } from "@/db/schema";
import { recordOf } from "./tracking-record";

describe("recordOf", () => {
  it("makes the row its tracking, without the relation, and keeps the timeline", () => {
    const timeline = [{ id: "c1", position: 0 }] as Checkpoint[];
    const row = { id: "t1", organizationId: "o1", slug: "ups", checkpoints: timeline } as unknown as Tracking & { checkpoints: Checkpoint[] };

    const record = recordOf(row);

    expect(record.checkpoints).toBe(timeline);
    expect(Object.keys(record.tracking)).toEqual(["id", "organizationId", "slug"]);
    expect(JSON.stringify(record.tracking)).toBe('{"id":"t1","organizationId":"o1","slug":"ups"}');
  });
});
