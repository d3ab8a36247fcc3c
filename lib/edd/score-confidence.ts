import { type LaneLevel } from "./lane-keys";
import { sampleCount, shareWithin, type TransitHistogram } from "./transit-distribution";

/**
 * AfterShip-style confidence codes: 10001 high; 20001 high for the range, medium for the single date;
 * 30001 volatile transit times (wide range); 30002 too little data for the lane.
 */
export type ConfidenceCode = 10001 | 20001 | 30001 | 30002;

export interface Confidence {
  /** 0–1: the lane's share of deliveries on the estimated day, shrunk towards 0 for small samples. */
  score: number;
  code: ConfidenceCode;
}

// Pseudo-count of the shrinkage: 10 samples halve the score, 90 keep 90 % of it.
const PRIOR_SAMPLES = 10;
// A single date is trusted when at least this share of the lane arrived on that business day.
const HIGH_SINGLE_DATE_SHARE = 0.6;
// A range this many business days wide or wider means the lane is volatile.
const VOLATILE_RANGE_DAYS = 3;
const COARSE_LEVELS: ReadonlySet<LaneLevel> = new Set(["courier", "global"]);

export function scoreConfidence(histogram: TransitHistogram, estimate: number, range: readonly [number, number], level: LaneLevel): Confidence {
  const samples = sampleCount(histogram);
  const onEstimate = shareWithin(histogram, estimate, estimate);
  const score = Math.round(onEstimate * (samples / (samples + PRIOR_SAMPLES)) * 100) / 100;
  if (COARSE_LEVELS.has(level)) return { score, code: 30002 };
  if (range[1] - range[0] >= VOLATILE_RANGE_DAYS) return { score, code: 30001 };
  return { score, code: onEstimate >= HIGH_SINGLE_DATE_SHARE ? 10001 : 20001 };
}
