import { log } from "@/lib/observability/log";

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
  log().warn({ event: "poll_warning", subject }, line);
}

/** How often an outage is reported per carrier while it lasts. */
export const OUTAGE_REPORT_INTERVAL_MS = 5 * 60_000;

const outages = new Map<string, { reportedAt: number; postponed: number }>();

/**
 * Counts a poll postponed because its carrier or provider is down or throttling, and reports the
 * outage once per carrier per interval with how many polls it postponed since: never a line (or a
 * stack trace) per poll.
 */
export function reportOutage(carrier: string, reason: string, polls: number, now: Date): void {
  const outage = outages.get(carrier) ?? { reportedAt: Number.NEGATIVE_INFINITY, postponed: 0 };
  outage.postponed += polls;
  outages.set(carrier, outage);
  if (now.getTime() - outage.reportedAt < OUTAGE_REPORT_INTERVAL_MS && now.getTime() >= outage.reportedAt) return;
  log().warn(
    { event: "carrier_outage", carrier, postponedPolls: outage.postponed, reason },
    `Waybill polls: ${carrier} is not answering (${reason}); ${outage.postponed} poll(s) postponed`,
  );
  outages.set(carrier, { reportedAt: now.getTime(), postponed: 0 });
}
