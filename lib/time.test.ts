import { describe, expect, it } from "vitest";
import { daysBetween, isoWithOffset, parseInstant } from "./time";

describe("time helpers", () => {
  it("writes instants with an explicit offset", () => {
    expect(isoWithOffset(new Date("2024-03-01T10:05:09.123Z"))).toBe("2024-03-01T10:05:09+00:00");
    expect(isoWithOffset(null)).toBeNull();
  });

  it("counts calendar days between dates", () => {
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2024-03-05T23:00:00", "2024-03-04")).toBe(-1);
  });

  it("parses offsets, Z, plain dates and rejects junk", () => {
    expect(parseInstant("2024-01-01T00:00:00+08:00")?.toISOString()).toBe("2023-12-31T16:00:00.000Z");
    expect(parseInstant("2024-01-01")?.toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(parseInstant("2024-01-01T05:00:00Z")?.toISOString()).toBe("2024-01-01T05:00:00.000Z");
    expect(parseInstant("yesterday")).toBeNull();
    expect(parseInstant("2024-13-45")).toBeNull();
  });
});
