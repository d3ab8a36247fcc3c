import { addDays, dayNumber, isoWeekday, type LocalDate } from "./local-dates";
import { type HolidayRegion, isPublicHoliday } from "./public-holidays";

/**
 * When work happens: on these ISO weekdays (1 = Monday … 7 = Sunday), except on the public holidays
 * of every listed region. Plain data, so it can be stored with a model or sent over the wire.
 */
export interface BusinessCalendar {
  weekdays: readonly number[];
  regions: readonly HolidayRegion[];
}

export const MONDAY_TO_FRIDAY: readonly number[] = [1, 2, 3, 4, 5];

// Beyond this a search for the next business day is a calendar without any (e.g. weekdays: []).
const MAX_SEARCH_DAYS = 366;

export function isBusinessDay(date: LocalDate, calendar: BusinessCalendar): boolean {
  if (!calendar.weekdays.includes(isoWeekday(date))) return false;
  return !calendar.regions.some((region) => isPublicHoliday(date, region));
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: LocalDate, calendar: BusinessCalendar): LocalDate {
  let day = date;
  for (let step = 0; step < MAX_SEARCH_DAYS; step++) {
    day = addDays(day, 1);
    if (isBusinessDay(day, calendar)) return day;
  }
  throw new RangeError("the calendar has no business days");
}

/** The `count`-th business day after `date`; `date` itself when `count` is 0. */
export function addBusinessDays(date: LocalDate, count: number, calendar: BusinessCalendar): LocalDate {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number ≥ 0, got ${count}`);
  let day = date;
  for (let added = 0; added < count; added++) day = nextBusinessDay(day, calendar);
  return day;
}

/** Business days in (from, to]: Friday → Monday is 1 in a Monday-to-Friday calendar; negative when `to` is earlier. */
export function businessDaysBetween(from: LocalDate, to: LocalDate, calendar: BusinessCalendar): number {
  if (dayNumber(to) < dayNumber(from)) return -businessDaysBetween(to, from, calendar);
  let count = 0;
  for (let day = addDays(from, 1); dayNumber(day) <= dayNumber(to); day = addDays(day, 1)) {
    if (isBusinessDay(day, calendar)) count++;
  }
  return count;
}
