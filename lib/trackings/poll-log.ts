const HOUR_MS = 3_600_000;
const lastLogged = new Map<string, number>();

/**
 * Logs one short line about a lasting, expected state (a courier nobody can follow, a provider
 * out of quota) at most once an hour per subject, so the server log does not fill with it.
 */
export function warnHourly(subject: string, line: string, now: Date): void {
  const last = lastLogged.get(subject);
  if (last !== undefined && now.getTime() - last < HOUR_MS && now.getTime() >= last) return;
  lastLogged.set(subject, now.getTime());
  console.warn(line);
}
