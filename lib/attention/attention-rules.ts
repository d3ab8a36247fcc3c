import { addBusinessDays, type BusinessCalendar, businessDaysBetween, nextBusinessDay } from "@/lib/edd/business-days";
import type { LocalDate } from "@/lib/edd/local-dates";
import type { Tag } from "@/lib/tags";
import type { AttentionReason } from "./reason-text";

export type { AttentionReason } from "./reason-text";

export interface AttentionFlag {
  reason: AttentionReason;
  /** The local date the condition began to hold. */
  since: LocalDate;
}

/** What the rules read of a tracking: its status, its scans' local dates, its estimate. */
export interface AttentionFacts {
  tag: Tag;
  subtag: string;
  /** Local date the tracking was created (stands in for the label when no scan came yet). */
  createdOn: LocalDate;
  /** Its checkpoints, oldest first: local date and status. */
  checkpoints: ReadonlyArray<{ date: LocalDate; tag: Tag; subtag: string }>;
  /** The delivery estimate in force (carrier's, else Waybill's latest), or null. */
  estimate: LocalDate | null;
}

export interface AttentionSettings {
  /** The days the parcel moves: the courier's weekdays less the holidays at both ends. */
  calendar: BusinessCalendar;
  /** The lane's own 90th-percentile gap between two scans, in business days; null without history. */
  laneGapP90: number | null;
  /** Business days a label may wait for its first carrier scan. */
  firstScanDays: number;
}

/** Without a lane history, a quiet spell longer than this many business days counts as a stall. */
export const DEFAULT_GAP_BUSINESS_DAYS = 3;
export const DEFAULT_FIRST_SCAN_DAYS = 2;

const GRAVITY: readonly AttentionReason[] = ["returning_to_sender", "exception", "failed_attempt", "estimate_passed", "stalled", "no_first_scan"];
const FINISHED: ReadonlySet<Tag> = new Set(["Delivered", "Expired"]);
const RETURNING = new Set(["Exception_010", "Exception_011"]);

/** The first date on which more than `days` business days have passed since `from`. */
const overdueFrom = (from: LocalDate, days: number, calendar: BusinessCalendar) => addBusinessDays(from, days + 1, calendar);

/** When the latest run of `tag` checkpoints began, else null. */
function latestOf(facts: AttentionFacts, tag: Tag): LocalDate | null {
  return facts.checkpoints.findLast((checkpoint) => checkpoint.tag === tag)?.date ?? null;
}

/**
 * The flags a shipment earns on `today`, counting in business days of its lane's calendar so that a
 * weekend or a public holiday is not mistaken for a stall. A delivered or expired shipment earns none.
 */
export function attentionFlags(facts: AttentionFacts, today: LocalDate, settings: AttentionSettings): AttentionFlag[] {
  if (FINISHED.has(facts.tag)) return [];
  const { calendar } = settings;
  const flags: AttentionFlag[] = [];
  const scanned = facts.checkpoints.filter((checkpoint) => checkpoint.tag !== "InfoReceived");

  if (scanned.length === 0) {
    const label = facts.checkpoints[0]?.date ?? facts.createdOn;
    if (businessDaysBetween(label, today, calendar) > settings.firstScanDays) {
      flags.push({ reason: "no_first_scan", since: overdueFrom(label, settings.firstScanDays, calendar) });
    }
  } else {
    const last = facts.checkpoints.at(-1)!.date;
    const gap = Math.max(1, Math.ceil(settings.laneGapP90 ?? DEFAULT_GAP_BUSINESS_DAYS));
    if (businessDaysBetween(last, today, calendar) > gap) flags.push({ reason: "stalled", since: overdueFrom(last, gap, calendar) });
  }

  if (facts.estimate && today >= nextBusinessDay(facts.estimate, calendar)) {
    flags.push({ reason: "estimate_passed", since: nextBusinessDay(facts.estimate, calendar) });
  }
  if (facts.tag === "AttemptFail") flags.push({ reason: "failed_attempt", since: latestOf(facts, "AttemptFail") ?? today });
  if (facts.tag === "Exception") {
    const since = latestOf(facts, "Exception") ?? today;
    flags.push({ reason: RETURNING.has(facts.subtag) ? "returning_to_sender" : "exception", since });
  }
  // Newest reason first (what changed last is looked at first); on one day, the graver first.
  return flags.sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : GRAVITY.indexOf(a.reason) - GRAVITY.indexOf(b.reason)));
}
