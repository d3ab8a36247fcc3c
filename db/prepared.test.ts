import { describe, expect, it } from "vitest";
import type { Database } from "./client";
import { MAX_PREPARED_PER_DATABASE, prepared } from "./prepared";

describe("prepared statements per database", () => {
  it("keep at most a bounded number of shapes, dropping the least used", () => {
    const db = {} as Database;
    let builds = 0;
    const build = () => ({ built: ++builds });
    const first = prepared(db, "shape-0", build);
    expect(prepared(db, "shape-0", build)).toBe(first);
    for (let i = 1; i <= MAX_PREPARED_PER_DATABASE; i++) prepared(db, `shape-${i}`, build);
    expect(builds).toBe(MAX_PREPARED_PER_DATABASE + 1);
    expect(prepared(db, "shape-0", build)).not.toBe(first);
  });
});
