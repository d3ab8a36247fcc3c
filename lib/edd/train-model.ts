import { MONDAY_TO_FRIDAY } from "./business-days";
import { courierKey, laneKeys } from "./lane-keys";
import { datePart, isoWeekday, type LocalDate } from "./local-dates";
import { DEFAULT_MIN_SAMPLES, selectLane } from "./select-lane";
import { transitBusinessDays, transitCalendar } from "./transit-calendar";
import { addTransit, type TransitHistogram, transitQuantile } from "./transit-distribution";
import { type DeliverySample, type EddModel } from "./types";

export interface TrainOptions {
  /** Default 30 business days. */
  maxTransitDays?: number;
}

// A weekend day joins a courier's delivery days when it sees at least this share of an average weekday's deliveries.
const WEEKEND_DELIVERY_SHARE = 0.3;
// Fewer deliveries than this say nothing about weekend work.
const MIN_SAMPLES_FOR_WEEKDAYS = 50;
// Pseudo-count shrinking a half-month's delay towards none: 100 parcels keep half of what they show.
const SEASONAL_PRIOR_SAMPLES = 100;
/** What one organisation may add to a pooled lane: enough to count, not enough to be the lane. */
export const POOLED_SAMPLES_PER_ORGANIZATION = 200;
const SEASON_PERIODS = 24;
// Below a tenth of a day a half-month's delay is noise, and would only blur the lane's histogram.
const NEGLIGIBLE_DELAY_DAYS = 0.1;

/** Half-month of the year, 0 (1–15 January) … 23 (16–31 December): seasons move delays this finely. */
export function seasonPeriod(date: LocalDate): number {
  return (Number(date.slice(5, 7)) - 1) * 2 + (Number(date.slice(8, 10)) > 15 ? 1 : 0);
}

export function trainModel(samples: readonly DeliverySample[], options: TrainOptions = {}): EddModel {
  const maxTransitDays = options.maxTransitDays ?? 30;
  const deliveryWeekdays = learnDeliveryWeekdays(samples);
  const pooled: Record<string, TransitHistogram> = {};
  const organizations: Record<string, Record<string, TransitHistogram>> = {};
  const transits: number[] = [];
  const pooledContributions = new Map<string, number>();
  for (const sample of samples) {
    const calendar = transitCalendar(deliveryWeekdays[courierKey(sample.slug)] ?? MONDAY_TO_FRIDAY, sample.origin, sample.destination);
    const transit = transitBusinessDays(datePart(sample.pickupTime), datePart(sample.deliveredAt), calendar);
    const days = Math.min(transit, maxTransitDays);
    transits.push(days);
    const own = (organizations[sample.organizationId] ??= {});
    for (const { key } of laneKeys(sample)) {
      addTransit((own[key] ??= []), days);
      // The shared fallback hears each organisation up to a cap: a big merchant's lane cannot drown the others.
      const counted = `${sample.organizationId}|${key}`;
      const contributed = pooledContributions.get(counted) ?? 0;
      if (contributed >= POOLED_SAMPLES_PER_ORGANIZATION) continue;
      pooledContributions.set(counted, contributed + 1);
      addTransit((pooled[key] ??= []), days);
    }
  }
  const seasonalDelays = learnSeasonalDelays(samples, transits, pooled);
  return { format: "waybill-edd/1", maxTransitDays, deliveryWeekdays, pooled, organizations, seasonalDelays };
}

/**
 * Per courier and half-month: how much later than their lane's median parcels arrived, above the
 * courier's usual excess, shrunk towards 0 for thin half-months.
 */
function learnSeasonalDelays(
  samples: readonly DeliverySample[],
  transits: readonly number[],
  pooled: Record<string, TransitHistogram>,
): Record<string, number[]> {
  const sums = new Map<string, { count: number[]; excess: number[] }>();
  const medianByHistogram = new Map<TransitHistogram, number>();
  samples.forEach((sample, index) => {
    const lane = selectLane({ pooled, organizations: {} }, sample, { minSamples: DEFAULT_MIN_SAMPLES });
    if (!lane) return;
    let median = medianByHistogram.get(lane.histogram);
    if (median === undefined) {
      median = transitQuantile(lane.histogram, 0.5);
      medianByHistogram.set(lane.histogram, median);
    }
    const slug = courierKey(sample.slug);
    const sum = sums.get(slug) ?? { count: new Array<number>(SEASON_PERIODS).fill(0), excess: new Array<number>(SEASON_PERIODS).fill(0) };
    const period = seasonPeriod(datePart(sample.pickupTime));
    sum.count[period]! += 1;
    sum.excess[period]! += transits[index]! - median;
    sums.set(slug, sum);
  });
  const delays: Record<string, number[]> = {};
  for (const [slug, { count, excess }] of sums) {
    const usual = excess.reduce((a, b) => a + b, 0) / count.reduce((a, b) => a + b, 0);
    delays[slug] = count.map((n, period) => {
      const delay = n === 0 ? 0 : (excess[period]! / n - usual) * (n / (n + SEASONAL_PRIOR_SAMPLES));
      return Math.abs(delay) < NEGLIGIBLE_DELAY_DAYS ? 0 : Math.round(delay * 100) / 100;
    });
  }
  return delays;
}

function learnDeliveryWeekdays(samples: readonly DeliverySample[]): Record<string, number[]> {
  const countsBySlug = new Map<string, number[]>();
  for (const sample of samples) {
    const slug = courierKey(sample.slug);
    const counts = countsBySlug.get(slug) ?? [0, 0, 0, 0, 0, 0, 0, 0];
    counts[isoWeekday(datePart(sample.deliveredAt))]! += 1;
    countsBySlug.set(slug, counts);
  }
  const weekdays: Record<string, number[]> = {};
  for (const [slug, counts] of countsBySlug) {
    const total = counts.reduce((sum, count) => sum + count, 0);
    if (total < MIN_SAMPLES_FOR_WEEKDAYS) continue;
    const weekdayMean = (counts[1]! + counts[2]! + counts[3]! + counts[4]! + counts[5]!) / 5;
    weekdays[slug] = [...MONDAY_TO_FRIDAY, ...[6, 7].filter((day) => counts[day]! >= WEEKEND_DELIVERY_SHARE * weekdayMean)];
  }
  return weekdays;
}
