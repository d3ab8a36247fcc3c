/**
 * When a scan happened, as checkpoints keep it: the wall-clock time at the scan's place
 * (`checkpointTime`, no offset) and, when the carrier tells the offset or UTC, the instant
 * (`occurredAt`, ISO 8601 with offset or Z).
 */
export interface EventTime {
  checkpointTime: string;
  occurredAt: string | null;
}

const pad = (value: number) => String(value).padStart(2, "0");

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** A date-time split into its local part ("2024-03-01T14:05:00") and offset ("+01:00", "Z" or null). */
export function splitIsoDateTime(value: string): { local: string; offset: string | null } | null {
  const match = ISO_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = "00", minute = "00", second = "00", zone] = match;
  const local = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
  // Round-tripping rejects dates that do not exist (2024-02-30), which Date.parse would roll over.
  const parsed = new Date(`${local}Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== local) return null;
  return { local, offset: zone ? normalizeOffset(zone) : null };
}

/** "+0500", "+05", "-05:00", "-7:00", "-700", "z" → "+05:00", "+05:00", "-05:00", "-07:00", "-07:00", "Z"; null when not an offset. */
export function normalizeOffset(value: string): string | null {
  const trimmed = value.trim();
  if (/^z$/i.test(trimmed)) return "Z";
  // One- or two-digit hours (USPS writes "-7:00"), with or without the colon.
  const match = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(trimmed);
  if (!match) return null;
  const [, sign, hours, minutes = "00"] = match;
  if (Number(hours) > 14 || Number(minutes) > 59) return null;
  return `${sign}${hours!.padStart(2, "0")}:${minutes}`;
}

/** Event time from an ISO date-time that may or may not carry an offset (DHL, FedEx). */
export function eventTimeFromIso(value: string): EventTime | null {
  const split = splitIsoDateTime(value);
  if (!split) return null;
  return { checkpointTime: split.local, occurredAt: split.offset ? `${split.local}${split.offset}` : null };
}

/**
 * Event time from an ISO date-time of a carrier whose clocks are in one zone (La Poste, Royal Mail):
 * a local time with its offset stays as given; a UTC stamp is shown as wall-clock time in `homeZone`.
 */
export function eventTimeFromIsoInZone(value: string, homeZone: string): EventTime | null {
  const time = eventTimeFromIso(value);
  if (!time?.occurredAt?.endsWith("Z")) return time;
  return eventTimeInZone(new Date(time.occurredAt), homeZone);
}

/** Event time from a local wall-clock time and a separately given offset (UPS, USPS). */
export function eventTimeFromLocal(local: string, offset: string | null | undefined): EventTime {
  const normalized = offset ? normalizeOffset(offset) : null;
  return { checkpointTime: local, occurredAt: normalized ? `${local}${normalized}` : null };
}

/**
 * The offset between a local time and the UTC time of the same event, or null when the two
 * cannot belong together (more than 14 hours apart, or not on a quarter hour): carriers'
 * UTC fields are sometimes a day off, and seconds are sometimes dropped from one of them.
 */
export function offsetBetween(local: string, utc: string): string | null {
  const difference = Date.parse(`${local}Z`) - Date.parse(`${utc}Z`);
  if (Number.isNaN(difference)) return null;
  const quarterHours = Math.round(difference / 900_000);
  if (Math.abs(difference - quarterHours * 900_000) > 60_000 || Math.abs(quarterHours) > 56) return null;
  const minutes = Math.abs(quarterHours) * 15;
  return `${quarterHours < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Event time of an instant as seen in an IANA time zone (the testing courier's fake places). */
export function eventTimeInZone(instant: Date, timeZone: string): EventTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const utc = instant.toISOString().slice(0, 19);
  return { checkpointTime: local, occurredAt: `${local}${offsetBetween(local, utc) ?? "Z"}` };
}

/**
 * Milliseconds for ordering: the instant when known, else the local time read as UTC (at most
 * 14 hours off, which only matters between events whose offsets are unknown anyway).
 */
export function sortableTime(time: EventTime): number {
  const instant = time.occurredAt ? Date.parse(time.occurredAt) : Number.NaN;
  return Number.isNaN(instant) ? Date.parse(`${time.checkpointTime}Z`) : instant;
}

/** An estimate as carriers send it, shortened to the date when no time of day is given. */
export function estimatedDate(value: string | null | undefined): string | null {
  const split = value ? splitIsoDateTime(value) : null;
  if (!split) return null;
  return split.local.endsWith("T00:00:00") ? split.local.slice(0, 10) : split.local;
}

/** "20240815" (UPS, the API's `tracking_ship_date`) or "2024-08-15" → "2024-08-15"; null otherwise. */
export function calendarDate(value: string | null | undefined): string | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value?.trim() ?? "");
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}
