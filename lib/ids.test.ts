import { describe, expect, it, vi } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  it("is 32 lower-case hex characters: the time in milliseconds, then 20 random", () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T12:00:00Z"), toFake: ["Date"] });
    try {
      const id = newId();
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(parseInt(id.slice(0, 12), 16)).toBe(Date.parse("2026-11-29T12:00:00Z"));
    } finally {
      vi.useRealTimers();
    }
  });

  it("never repeats its random part, across many blocks of random bytes", () => {
    // 400 ids a block: 5,000 ids read twelve blocks and parts of a thirteenth.
    const randomParts = Array.from({ length: 5_000 }, () => newId().slice(12));
    expect(new Set(randomParts).size).toBe(randomParts.length);
    // Every hex digit turns up in every position: the block is read at the right offsets, not zeros.
    for (let position = 0; position < 20; position++) {
      expect(new Set(randomParts.map((part) => part[position])).size).toBe(16);
    }
  });

  it("sorts by time of creation", () => {
    vi.useFakeTimers({ now: 1_000, toFake: ["Date"] });
    try {
      const earlier = newId();
      vi.setSystemTime(1_001);
      expect(newId() > earlier).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
