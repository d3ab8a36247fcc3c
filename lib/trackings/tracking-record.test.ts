import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { trackings, type Checkpoint, type Tracking } from "@/db/schema";
import { recordOf } from "./tracking-record";

describe("a relational row as a record", () => {
  it("keeps every column of the tracking and nothing else, in an object of its own", () => {
    // Built key by key, as drizzle builds a relational row.
    const row: Record<string, unknown> = {};
    for (const [index, key] of Object.keys(getTableColumns(trackings)).entries()) row[key] = `value ${index}`;
    const timeline = [{ id: "c1" }] as Checkpoint[];
    row.checkpoints = timeline;

    const record = recordOf(row as Tracking & { checkpoints: Checkpoint[] });

    const { checkpoints, ...columns } = row;
    expect(record.tracking).toEqual(columns);
    expect(Object.keys(record.tracking)).not.toContain("checkpoints");
    expect(record.checkpoints).toBe(checkpoints);
    expect(record.tracking).not.toBe(row);
  });
});
