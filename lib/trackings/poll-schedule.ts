import type { Tracking } from "@/db/schema";
import { TESTING_COURIER_SLUGS } from "@/lib/carriers/testing-courier/adapter";
import { parseTestingNumber } from "@/lib/carriers/testing-courier/flow";
import type { Tag } from "@/lib/tags";
import { env } from "@/lib/env";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** `[quiet for at least (hours), poll every (minutes)]`: the longer a shipment has gone without news, the rarer the polls. */
type IntervalSteps = ReadonlyArray<readonly [quietHours: number, intervalMinutes: number]>;

/**
 * How often a tracking is polled, by tag. Null: the tag is final, the tracking goes inactive and
 * is not polled again (retrack re-activates it).
 */
export const POLL_INTERVALS: Readonly<Record<Tag, IntervalSteps | null>> = {
  Pending: [
    [0, 15],
    [2, 60],
    [24, 180],
    [7 * 24, 360],
  ],
  InfoReceived: [
    [0, 60],
    [24, 180],
    [7 * 24, 360],
  ],
  InTransit: [
    [0, 60],
    [3 * 24, 180],
    [7 * 24, 360],
  ],
  OutForDelivery: [
    [0, 20],
    [24, 60],
  ],
  AvailableForPickup: [
    [0, 30],
    [24, 120],
  ],
  AttemptFail: [
    [0, 60],
    [24, 180],
  ],
  Exception: [
    [0, 120],
    [3 * 24, 360],
  ],
  Delivered: null,
  Expired: null,
};

/** A tracking still Pending this long after it was added (or retracked) becomes Expired. */
export const PENDING_EXPIRY_MS = 30 * DAY_MS;
/**
 * Trackings nobody can follow are looked at every 6 hours: to expire them on time, and to notice a
 * key or connection added since (adding one also polls them at once).
 */
export const UNTRACKABLE_INTERVAL_MS = 6 * HOUR_MS;
/** While a tracking provider pushes its news, polling it is only a safety net for lost pushes. */
export const PUSHED_INTERVAL_MS = 12 * HOUR_MS;
/** How long a claimed tracking is reserved for its poll before the dispatcher may hand it out again. */
export const POLL_LEASE_MS = 15 * MINUTE_MS;
/** After the carrier refused our credentials or request: nothing changes until someone fixes it. */
export const REFUSED_RETRY_MS = 6 * HOUR_MS;
/** A tracking provider held a poll back without saying how long (a rate limit, a quota used up): try again this much later. */
export const PROVIDER_POSTPONE_MS = 30 * MINUTE_MS;

export const EXPIRED_STATUS = { tag: "Expired", subtag: "Expired_001", subtagMessage: "Expired" } as const;

type ScheduledTracking = Pick<Tracking, "tag" | "slug" | "trackingNumber" | "createdAt" | "lastUpdatedAt" | "updatedAt">;

function intervalSteps(tag: string): IntervalSteps | null {
  return tag in POLL_INTERVALS ? POLL_INTERVALS[tag as Tag] : POLL_INTERVALS.InTransit;
}

/** Where the 30 days of a Pending tracking count from: retrack touches only `updated_at`, and restarts them. */
export function pendingSince(tracking: Pick<Tracking, "lastUpdatedAt" | "updatedAt">): Date {
  return new Date(Math.max(tracking.lastUpdatedAt.getTime(), tracking.updatedAt.getTime()));
}

/** Pending for 30 days without carrier data. */
export function isPendingExpired(tracking: Pick<Tracking, "tag" | "lastUpdatedAt" | "updatedAt">, now: Date): boolean {
  return tracking.tag === "Pending" && now.getTime() - pendingSince(tracking).getTime() >= PENDING_EXPIRY_MS;
}

/** The testing courier's next scripted step after `now`, so interval-1 numbers move every minute; null once the flow is over. */
function nextTestingStep(tracking: ScheduledTracking, now: Date): Date | null {
  if (!TESTING_COURIER_SLUGS.includes(tracking.slug)) return null;
  const flow = parseTestingNumber(tracking.trackingNumber);
  if (!flow) return null;
  for (let step = 1; step <= flow.steps.length; step++) {
    const at = tracking.createdAt.getTime() + step * flow.intervalMinutes * MINUTE_MS;
    if (at > now.getTime()) return new Date(at);
  }
  return null;
}

/**
 * How a tracking is followed, for its schedule: asked of a carrier or provider on the table above
 * (`polled`); followed by a provider's pushes, polled every 12 hours as a safety net (`pushed`);
 * or followed by nobody, looked at every 6 hours until it expires (`untrackable`).
 */
export type PollMode = "polled" | "pushed" | "untrackable";

/** When to poll a tracking next, as it stands after a poll at `now`; null when its tag is final. */
export function nextPollAt(tracking: ScheduledTracking, now: Date, mode: PollMode): Date | null {
  const steps = intervalSteps(tracking.tag);
  if (!steps) return null;
  let next: number;
  const scripted = mode === "polled" ? nextTestingStep(tracking, now) : null;
  if (scripted) next = scripted.getTime();
  else if (mode === "untrackable") next = now.getTime() + UNTRACKABLE_INTERVAL_MS;
  else if (mode === "pushed") next = now.getTime() + PUSHED_INTERVAL_MS;
  else {
    const quietMs = now.getTime() - (tracking.tag === "Pending" ? pendingSince(tracking) : tracking.lastUpdatedAt).getTime();
    const [, minutes] = steps.findLast(([hours]) => quietMs >= hours * HOUR_MS) ?? steps[0]!;
    next = now.getTime() + minutes * MINUTE_MS * env().POLL_INTERVAL_SCALE;
  }
  // A Pending tracking is looked at again when it is due to expire, not up to an interval later.
  if (tracking.tag === "Pending") next = Math.min(next, pendingSince(tracking).getTime() + PENDING_EXPIRY_MS);
  return new Date(Math.max(next, now.getTime()));
}

/** The lifecycle columns after a poll: the next poll, or inactive once the tag is final. */
export function pollScheduleColumns(tracking: ScheduledTracking, now: Date, mode: PollMode): Pick<Tracking, "active" | "nextPollAt"> {
  const next = nextPollAt(tracking, now, mode);
  return { active: next !== null, nextPollAt: next };
}
