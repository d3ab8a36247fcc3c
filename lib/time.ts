const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** ISO 8601 with an explicit UTC offset, as the compatible API writes `*_at`: 2024-03-01T10:00:00+00:00. */
export function isoWithOffset(date: Date | null | undefined): string | null {
  if (!date) return null;
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}+00:00`
  );
}

/** `YYYY-MM-DD` of a date in UTC. */
export function isoDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Whole days from one `YYYY-MM-DD` (or date-time) to another, by calendar date. */
export function daysBetween(from: string, to: string): number {
  const start = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000);
}

/** Accepts an ISO 8601 date-time with offset (or Z) or a plain date; null when unparseable. */
export function parseInstant(value: string): Date | null {
  const trimmed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed)) return null;
  const normalised = trimmed.length === 10 ? `${trimmed}T00:00:00Z` : trimmed.replace(" ", "T");
  const time = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(normalised) ? normalised : `${normalised}Z`);
  return Number.isNaN(time) ? null : new Date(time);
}
