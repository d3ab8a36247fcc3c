// Calendar dates without a time zone ("YYYY-MM-DD"), as the compatible API writes them: every date
// here is local to the place it belongs to (pickup at the origin, delivery at the destination).

/** A calendar date, "YYYY-MM-DD". */
export type LocalDate = string;

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;

/** Days since 1970-01-01 of a "YYYY-MM-DD" (or "YYYY-MM-DD HH:mm:ss") string. */
export function dayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

export function fromDayNumber(day: number): LocalDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO weekday: 1 = Monday … 7 = Sunday (the numbering of `business_days`). */
export function isoWeekday(date: LocalDate): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

/** The date part of a "YYYY-MM-DD HH:mm:ss" local time. */
export function datePart(dateTime: string): LocalDate {
  return fromDayNumber(dayNumber(dateTime));
}

/** Seconds since midnight of the "HH:mm:ss" part of "YYYY-MM-DD HH:mm:ss" or of a bare "HH:mm:ss". */
export function secondsOfDay(time: string): number {
  const match = /(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!match) return 0;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/** "HH:mm:ss" of seconds since midnight. */
export function formatClock(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}
