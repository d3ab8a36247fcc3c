import type { Tracking } from "@/db/schema";
import { isTag, TAG_COUNTERS, tagCounter } from "@/lib/tags";
import { MONDAY_TO_FRIDAY } from "@/lib/edd/business-days";
import { trackingLane } from "@/lib/edd/tracking-lane";
import { transitBusinessDays, transitCalendar } from "@/lib/edd/transit-calendar";

/** The counters of a rollup row, as the schema names them. */
export const COUNTERS = [
  "shipments",
  ...TAG_COUNTERS,
  "hadException",
  "hadFailedAttempt",
  "returned",
  "lost",
  "damaged",
  "promisedOnTime",
  "promisedLate",
  "firstEstimateOnTime",
  "firstEstimateLate",
  "revised",
  "inRange",
  "ranged",
] as const;
export type Counter = (typeof COUNTERS)[number];

export interface RollupKey {
  organizationId: string;
  day: string;
  slug: string;
  origin: string;
  destination: string;
}

/** One tracking's share of the rollups: its row's key, its counters, and its transit time if delivered. */
export interface Contribution {
  key: RollupKey;
  counters: Partial<Record<Counter, number>>;
  transitBusinessDays: number | null;
}

const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * What a tracking adds to the rollups, from its row alone: the creation day, courier and lane of its
 * row, its current status, whether it ever hit an exception or a failed attempt, how it went against
 * the promised date, its first estimate and its estimate's range, and its transit in business days.
 * Every write path records `contribution(after) − contribution(before)`; a recomputation sums this
 * over all rows, so the two agree by construction.
 */
export function contributionOf(tracking: Tracking): Contribution {
  const lane = trackingLane(tracking);
  const key = {
    organizationId: tracking.organizationId,
    day: dateOf(tracking.createdAt),
    slug: tracking.slug,
    origin: lane.origin.country,
    destination: lane.destination.country,
  };
  const counters: Partial<Record<Counter, number>> = { shipments: 1 };
  const add = (counter: Counter) => (counters[counter] = (counters[counter] ?? 0) + 1);
  add(isTag(tracking.tag) ? tagCounter(tracking.tag) : "pending");
  if (tracking.tagsReached.includes("Exception") || tracking.tag === "Exception") add("hadException");
  if (tracking.firstAttemptedAt || tracking.tagsReached.includes("AttemptFail")) add("hadFailedAttempt");
  if (tracking.returnToSender) add("returned");
  if (tracking.subtag === "Exception_013") add("lost");
  if (tracking.subtag === "Exception_012") add("damaged");
  if (tracking.estimateRevisions > 0) add("revised");

  let transit: number | null = null;
  const delivered = tracking.tag === "Delivered" && tracking.deliveredAt ? dateOf(tracking.deliveredAt) : null;
  if (delivered) {
    const promised = tracking.orderPromisedDeliveryDateMax ?? tracking.orderPromisedDeliveryDate;
    if (promised) add(delivered <= promised.slice(0, 10) ? "promisedOnTime" : "promisedLate");
    if (tracking.firstEstimate) add(delivered <= tracking.firstEstimate.slice(0, 10) ? "firstEstimateOnTime" : "firstEstimateLate");
    const range = tracking.waybillEstimate;
    if (range) {
      add("ranged");
      if (delivered >= range.estimated_delivery_date_min && delivered <= range.estimated_delivery_date_max) add("inRange");
    }
    if (tracking.pickedUpAt) {
      transit = transitBusinessDays(dateOf(tracking.pickedUpAt), delivered, transitCalendar(MONDAY_TO_FRIDAY, lane.origin, lane.destination));
    }
  }
  return { key, counters, transitBusinessDays: transit };
}

/** The date an estimate stands for: the carrier's, else Waybill's own. */
export const estimateOf = (tracking: Pick<Tracking, "expectedDelivery" | "waybillEstimate">): string | null =>
  tracking.expectedDelivery?.slice(0, 10) ?? tracking.waybillEstimate?.estimated_delivery_date ?? null;

/** The first estimate is kept; each later move of the date counts as a revision. */
export function estimateBookkeeping(before: Tracking, set: Partial<Tracking>): Partial<Tracking> {
  const was = estimateOf(before);
  const now = estimateOf({ ...before, ...set });
  if (!now || now === was) return {};
  return before.firstEstimate ? { estimateRevisions: before.estimateRevisions + 1 } : { firstEstimate: now };
}
