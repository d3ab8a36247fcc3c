import { type EventTime, eventTimeFromLocal, splitIsoDateTime } from "@/lib/carriers/event-time";

/**
 * `event-time-zone` abbreviations of Canada's zones and their offsets. Canada Post names the zone
 * in force at the scan (EDT in summer, EST in winter; Saskatchewan stays CST), so no DST rule is needed.
 */
const ZONE_OFFSETS: Readonly<Record<string, string>> = {
  NST: "-03:30",
  NDT: "-02:30",
  AST: "-04:00",
  ADT: "-03:00",
  EST: "-05:00",
  EDT: "-04:00",
  CST: "-06:00",
  CDT: "-05:00",
  MST: "-07:00",
  MDT: "-06:00",
  PST: "-08:00",
  PDT: "-07:00",
};

/**
 * A scan's time from `event-date`, `event-time` and `event-time-zone`: the local time as given, and the
 * instant when the zone is a Canadian abbreviation. Foreign scans come with a blank zone or a name such as
 * "ISRAEL", which tells no offset: their instant stays unknown. Null when the date is not a date.
 */
export function canadapostEventTime(date: string | null | undefined, time: string | null | undefined, zone: string | null | undefined): EventTime | null {
  const split = date ? splitIsoDateTime(time ? `${date.trim()}T${time.trim()}` : date.trim()) : null;
  if (!split) return null;
  const abbreviation = zone?.trim().toUpperCase();
  const offset = abbreviation && Object.hasOwn(ZONE_OFFSETS, abbreviation) ? ZONE_OFFSETS[abbreviation] : null;
  return eventTimeFromLocal(split.local, offset);
}
