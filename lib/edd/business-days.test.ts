import { describe, expect, it } from "vitest";
import { addBusinessDays, type BusinessCalendar, businessDaysBetween, isBusinessDay, MONDAY_TO_FRIDAY, nextBusinessDay } from "./business-days";
import { isoWeekday } from "./local-dates";
import { holidayRegion } from "./public-holidays";

const weekdaysOnly: BusinessCalendar = { weekdays: MONDAY_TO_FRIDAY, regions: [] };
const calendar = (country: string, state?: string): BusinessCalendar => ({
  weekdays: MONDAY_TO_FRIDAY,
  regions: [holidayRegion(country, state)!],
});

describe("business days", () => {
  it("numbers weekdays as ISO (Monday 1 … Sunday 7)", () => {
    expect(isoWeekday("2024-07-01")).toBe(1);
    expect(isoWeekday("2024-07-06")).toBe(6);
    expect(isoWeekday("2024-07-07")).toBe(7);
    expect(isoWeekday("1969-12-31")).toBe(3);
  });

  it("skips weekends", () => {
    expect(addBusinessDays("2024-07-05", 1, weekdaysOnly)).toBe("2024-07-08"); // Friday → Monday
    expect(addBusinessDays("2024-07-06", 1, weekdaysOnly)).toBe("2024-07-08"); // Saturday → Monday
    expect(addBusinessDays("2024-07-01", 5, weekdaysOnly)).toBe("2024-07-08");
    expect(addBusinessDays("2024-07-06", 0, weekdaysOnly)).toBe("2024-07-06");
  });

  it("counts business days in (from, to]", () => {
    expect(businessDaysBetween("2024-07-05", "2024-07-08", weekdaysOnly)).toBe(1);
    expect(businessDaysBetween("2024-07-01", "2024-07-01", weekdaysOnly)).toBe(0);
    expect(businessDaysBetween("2024-07-01", "2024-07-15", weekdaysOnly)).toBe(10);
    expect(businessDaysBetween("2024-07-15", "2024-07-01", weekdaysOnly)).toBe(-10);
    for (const n of [0, 1, 3, 7, 20]) {
      expect(businessDaysBetween("2024-12-20", addBusinessDays("2024-12-20", n, calendar("GB", "ENG")), calendar("GB", "ENG"))).toBe(n);
    }
  });

  it("follows the calendar's weekdays", () => {
    const mondayToSaturday: BusinessCalendar = { weekdays: [1, 2, 3, 4, 5, 6], regions: [] };
    expect(addBusinessDays("2024-07-05", 1, mondayToSaturday)).toBe("2024-07-06");
    expect(isBusinessDay("2024-07-07", mondayToSaturday)).toBe(false);
    expect(() => nextBusinessDay("2024-07-01", { weekdays: [], regions: [] })).toThrow(RangeError);
    expect(() => addBusinessDays("2024-07-01", -1, weekdaysOnly)).toThrow(RangeError);
  });

  it("skips US Thanksgiving and Christmas", () => {
    const us = calendar("USA");
    expect(isBusinessDay("2024-11-28", us)).toBe(false); // Thanksgiving
    expect(addBusinessDays("2024-11-27", 1, us)).toBe("2024-11-29");
    expect(addBusinessDays("2024-12-24", 1, us)).toBe("2024-12-26");
  });

  it("skips German Easter Monday and state holidays only in their state", () => {
    expect(addBusinessDays("2024-03-28", 1, calendar("DEU"))).toBe("2024-04-02"); // Good Friday, Easter Monday
    // Corpus Christi (30 May 2024) is a holiday in Bavaria, not in Berlin.
    expect(isBusinessDay("2024-05-30", calendar("DEU", "BY"))).toBe(false);
    expect(isBusinessDay("2024-05-30", calendar("DEU", "BE"))).toBe(true);
  });

  it("counts British Boxing Day and the substitute bank holiday", () => {
    // 2021: Christmas on Saturday, Boxing Day on Sunday, substitutes on 27 and 28 December.
    expect(addBusinessDays("2021-12-24", 1, calendar("GBR", "ENG"))).toBe("2021-12-29");
  });
});

describe("holiday regions", () => {
  it("accepts alpha-3 and alpha-2 countries and states by code or name", () => {
    expect(holidayRegion("USA", "California")).toEqual({ country: "US", state: "CA" });
    expect(holidayRegion("us", "ca")).toEqual({ country: "US", state: "CA" });
    expect(holidayRegion("DEU", "BY")).toEqual({ country: "DE", state: "BY" });
    expect(holidayRegion("FRA", "Nowhere")).toEqual({ country: "FR" });
    expect(holidayRegion("XXX")).toBeUndefined();
  });
});
