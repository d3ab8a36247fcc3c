import Holidays from "date-holidays";
import { LRUCache } from "lru-cache";
import { toAlpha2 } from "@/lib/countries";
import { type LocalDate } from "./local-dates";

/** A place whose public holidays are days off: ISO alpha-2 country and, when known, a date-holidays state code. */
export interface HolidayRegion {
  country: string;
  state?: string;
}

const holidayData = new Holidays();
// Bounded: addresses come from requests, so an unbounded map would grow with whatever callers send.
const holidaysByRegionYear = new LRUCache<string, ReadonlySet<LocalDate>>({ max: 2_000 });
const regionsByAddress = new LRUCache<string, { region: HolidayRegion | undefined }>({ max: 10_000 });

/**
 * The holiday region of an address: the country (alpha-3 or alpha-2) and the state when date-holidays
 * knows it by code ("CA", "BY", "NSW") or by name ("California"). Undefined for an unknown country.
 */
export function holidayRegion(country: string, state?: string | null): HolidayRegion | undefined {
  const key = `${country}|${state ?? ""}`;
  // date-holidays rebuilds its country and state lists on every query, so each answer is kept.
  let cached = regionsByAddress.get(key);
  if (!cached) {
    cached = { region: resolveRegion(country, state) };
    regionsByAddress.set(key, cached);
  }
  return cached.region;
}

function resolveRegion(country: string, state?: string | null): HolidayRegion | undefined {
  const alpha2 = toAlpha2(country);
  if (!alpha2 || !holidayData.getCountries()[alpha2]) return alpha2 ? { country: alpha2 } : undefined;
  if (!state) return { country: alpha2 };
  const states = holidayData.getStates(alpha2) ?? {};
  const wanted = state.trim().toUpperCase();
  const code = Object.keys(states).find((candidate) => candidate.toUpperCase() === wanted || states[candidate]?.toUpperCase() === wanted);
  return code ? { country: alpha2, state: code } : { country: alpha2 };
}

/** Public holidays (type "public" only: not bank, school, optional or observance days) of a region in a year. */
export function publicHolidays(region: HolidayRegion, year: number): ReadonlySet<LocalDate> {
  const key = `${region.country}|${region.state ?? ""}|${year}`;
  let dates = holidaysByRegionYear.get(key);
  if (!dates) {
    dates = loadPublicHolidays(region, year);
    holidaysByRegionYear.set(key, dates);
  }
  return dates;
}

export function isPublicHoliday(date: LocalDate, region: HolidayRegion): boolean {
  const year = Number(date.slice(0, 4));
  // A holiday of several days can run from the previous year into this one.
  return publicHolidays(region, year).has(date) || publicHolidays(region, year - 1).has(date);
}

function loadPublicHolidays(region: HolidayRegion, year: number): ReadonlySet<LocalDate> {
  const calendar = region.state ? new Holidays(region.country, region.state) : new Holidays(region.country);
  const dates = new Set<LocalDate>();
  for (const holiday of calendar.getHolidays(year) || []) {
    if (holiday.type !== "public") continue;
    const first = new Date(`${holiday.date.slice(0, 10)}T00:00:00Z`);
    // A few holidays span several days (start..end); most last one.
    const spanDays = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / 86_400_000));
    for (let offset = 0; offset < spanDays; offset++) {
      dates.add(new Date(first.getTime() + offset * 86_400_000).toISOString().slice(0, 10));
    }
  }
  return dates;
}
