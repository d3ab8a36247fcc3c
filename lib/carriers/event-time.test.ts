import { describe, expect, it } from "vitest";
import {
  calendarDate,
  estimatedDate,
  eventTimeFromIso,
  eventTimeFromLocal,
  eventTimeInZone,
  normalizeOffset,
  offsetBetween,
  sortableTime,
  splitIsoDateTime,
} from "@/lib/carriers/event-time";

describe("event times", () => {
  it("splits ISO date-times into local time and offset, whatever the carrier's spelling", () => {
    expect(splitIsoDateTime("2024-03-01T14:05:00")).toEqual({ local: "2024-03-01T14:05:00", offset: null });
    expect(splitIsoDateTime("2024-03-01T14:05:00-07:00")).toEqual({ local: "2024-03-01T14:05:00", offset: "-07:00" });
    expect(splitIsoDateTime("2024-08-12T15:18:10 -0500")).toEqual({ local: "2024-08-12T15:18:10", offset: "-05:00" });
    expect(splitIsoDateTime("2024-10-07T10:46:14+0200")).toEqual({ local: "2024-10-07T10:46:14", offset: "+02:00" });
    expect(splitIsoDateTime("2024-03-01T14:05:00.123Z")).toEqual({ local: "2024-03-01T14:05:00", offset: "Z" });
    expect(splitIsoDateTime("2024-03-01T14:05")).toEqual({ local: "2024-03-01T14:05:00", offset: null });
    expect(splitIsoDateTime("2024-11-19 08:35:56.000000")).toEqual({ local: "2024-11-19T08:35:56", offset: null });
    expect(splitIsoDateTime("2024-03-01")).toEqual({ local: "2024-03-01T00:00:00", offset: null });
    expect(splitIsoDateTime("2024-02-30T10:00:00")).toBeNull();
    expect(splitIsoDateTime("yesterday")).toBeNull();
  });

  it("normalises offsets and rejects impossible ones", () => {
    expect(normalizeOffset("+0530")).toBe("+05:30");
    expect(normalizeOffset("-05")).toBe("-05:00");
    // One-digit hours, as in USPS's own API example, with and without the colon.
    expect(normalizeOffset("-7:00")).toBe("-07:00");
    expect(normalizeOffset("-700")).toBe("-07:00");
    expect(normalizeOffset("+9")).toBe("+09:00");
    expect(normalizeOffset("z")).toBe("Z");
    expect(normalizeOffset("+15:00")).toBeNull();
    expect(normalizeOffset("EST")).toBeNull();
  });

  it("keeps the local time as checkpointTime and the instant, with offset, as occurredAt", () => {
    expect(eventTimeFromIso("2024-04-26T07:50:00-07:00")).toEqual({
      checkpointTime: "2024-04-26T07:50:00",
      occurredAt: "2024-04-26T07:50:00-07:00",
    });
    expect(eventTimeFromIso("2024-08-15T00:00:00")).toEqual({ checkpointTime: "2024-08-15T00:00:00", occurredAt: null });
    expect(eventTimeFromLocal("2024-11-25T18:31:00", "-06:00")).toEqual({
      checkpointTime: "2024-11-25T18:31:00",
      occurredAt: "2024-11-25T18:31:00-06:00",
    });
    expect(eventTimeFromLocal("2024-11-25T18:31:00", null).occurredAt).toBeNull();
  });

  it("derives an offset from local and UTC times only when they can belong together", () => {
    expect(offsetBetween("2024-03-20T07:07:00", "2024-03-19T23:07:00")).toBe("+08:00");
    expect(offsetBetween("2024-11-23T13:10:00", "2024-11-23T19:10:09")).toBe("-06:00");
    expect(offsetBetween("2024-03-20T07:07:00", "2024-03-20T01:37:00")).toBe("+05:30");
    // USPS's GMT field a day off: 18 hours apart cannot be an offset.
    expect(offsetBetween("2024-11-25T18:31:00", "2024-11-25T00:31:21")).toBeNull();
    expect(offsetBetween("2024-03-20T07:07:00", "2024-03-20T06:59:00")).toBeNull();
  });

  it("reads an instant in a time zone, daylight saving included", () => {
    expect(eventTimeInZone(new Date("2024-01-15T12:00:00Z"), "America/Denver")).toEqual({
      checkpointTime: "2024-01-15T05:00:00",
      occurredAt: "2024-01-15T05:00:00-07:00",
    });
    expect(eventTimeInZone(new Date("2024-07-15T12:00:00Z"), "America/Denver").occurredAt).toBe("2024-07-15T06:00:00-06:00");
    expect(eventTimeInZone(new Date("2024-07-15T12:00:00Z"), "Asia/Kolkata").occurredAt).toBe("2024-07-15T17:30:00+05:30");
  });

  it("orders by instant, or by local time when the offset is unknown", () => {
    const newYork = { checkpointTime: "2025-03-03T06:45:00", occurredAt: "2025-03-03T06:45:00-05:00" };
    const leipzig = { checkpointTime: "2025-03-03T09:30:00", occurredAt: "2025-03-03T09:30:00+01:00" };
    expect(sortableTime(newYork)).toBeGreaterThan(sortableTime(leipzig));
    expect(sortableTime({ checkpointTime: "2025-03-03T09:30:00", occurredAt: null })).toBe(Date.parse("2025-03-03T09:30:00Z"));
  });

  it("shortens midnight estimates to dates and reads compact dates", () => {
    expect(estimatedDate("2024-11-29T00:00:00")).toBe("2024-11-29");
    expect(estimatedDate("2018-08-03T00:00:00Z")).toBe("2018-08-03");
    expect(estimatedDate("2024-11-29T17:00:00-05:00")).toBe("2024-11-29T17:00:00");
    expect(estimatedDate(null)).toBeNull();
    expect(calendarDate("20240815")).toBe("2024-08-15");
    expect(calendarDate("2024-08-15")).toBe("2024-08-15");
    expect(calendarDate("15/08/2024")).toBeNull();
  });
});
