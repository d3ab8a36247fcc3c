import { addBusinessDays, MONDAY_TO_FRIDAY } from "./business-days";
import { computePickup } from "./compute-pickup";
import { courierKey, type LaneLevel } from "./lane-keys";
import { datePart, type LocalDate } from "./local-dates";
import { holidayRegion } from "./public-holidays";
import { type ConfidenceCode, scoreConfidence } from "./score-confidence";
import { DEFAULT_MIN_SAMPLES, selectLane } from "./select-lane";
import { seasonPeriod } from "./train-model";
import { type EddModel } from "./types";
import { transitCalendar } from "./transit-calendar";
import { narrowestInterval, sampleCount, shiftHistogram, transitQuantile } from "./transit-distribution";
import { type PredictionRequest } from "./types";

export interface PredictOptions {
  /** The asking organisation: its own lanes are used where they have enough samples. */
  organizationId?: string;
  /** Samples a lane needs before it is used instead of a coarser one. Default 20. */
  minSamples?: number;
  /** Share of the lane's deliveries the [min, max] range holds. Default 0.8 (about 85 % of held-out ones in `npm run bench -- edd`). */
  rangeCoverage?: number;
}

export interface Prediction {
  /** "YYYY-MM-DD HH:mm:ss" local at the origin: the request's, or computed from `estimatedPickup`. */
  pickupTime: string;
  /** Dates local at the destination. */
  estimatedDeliveryDate: LocalDate;
  estimatedDeliveryDateMin: LocalDate;
  estimatedDeliveryDateMax: LocalDate;
  /** 0–1; see `scoreConfidence`. */
  confidenceScore: number;
  confidenceCode: ConfidenceCode;
  /** The same in business days after the pickup day. */
  transitDays: { estimate: number; min: number; max: number };
  /** Which histogram answered: its lane level, whose shipments, and how many. */
  basis: {
    level: LaneLevel | "default";
    scope: "organization" | "pooled" | "default";
    samples: number;
    /** Business days the courier's season adds (fractional: a share of parcels a day later). */
    seasonalDelay: number;
  };
}

const DEFAULT_RANGE_COVERAGE = 0.8;
// With no data at all: a week-ish guess that says it is one.
const FALLBACK_TRANSIT = { estimate: 5, min: 3, max: 7 };

/**
 * Estimated delivery date, range and confidence for one shipment: the median and the narrowest
 * `rangeCoverage` interval of the finest lane with enough samples (the organisation's own before the
 * pooled one at each level), delayed by the courier's seasonal delay for the pickup's half-month, and
 * counted in business days of the courier and both ends' holidays.
 */
export function predictDelivery(model: EddModel, request: PredictionRequest, options: PredictOptions = {}): Prediction {
  const pickupTime = resolvePickupTime(request);
  const pickupDate = datePart(pickupTime);
  const calendar = transitCalendar(model.deliveryWeekdays[courierKey(request.slug)] ?? MONDAY_TO_FRIDAY, request.origin, request.destination);
  const date = (days: number) => addBusinessDays(pickupDate, days, calendar);

  const found = selectLane(model, request, {
    organizationId: options.organizationId,
    minSamples: options.minSamples ?? DEFAULT_MIN_SAMPLES,
  });
  if (!found) {
    return {
      pickupTime,
      estimatedDeliveryDate: date(FALLBACK_TRANSIT.estimate),
      estimatedDeliveryDateMin: date(FALLBACK_TRANSIT.min),
      estimatedDeliveryDateMax: date(FALLBACK_TRANSIT.max),
      confidenceScore: 0,
      confidenceCode: 30002,
      transitDays: FALLBACK_TRANSIT,
      basis: { level: "default", scope: "default", samples: 0, seasonalDelay: 0 },
    };
  }
  const { level, scope } = found;
  const seasonalDelay = model.seasonalDelays[courierKey(request.slug)]?.[seasonPeriod(pickupDate)] ?? 0;
  const histogram = shiftHistogram(found.histogram, seasonalDelay);
  const estimate = transitQuantile(histogram, 0.5);
  const [min, max] = narrowestInterval(histogram, options.rangeCoverage ?? DEFAULT_RANGE_COVERAGE);
  const confidence = scoreConfidence(histogram, estimate, [min, max], level);
  return {
    pickupTime,
    estimatedDeliveryDate: date(estimate),
    // The median can sit outside a narrow range of a lopsided lane; the range always holds the estimate.
    estimatedDeliveryDateMin: date(Math.min(min, estimate)),
    estimatedDeliveryDateMax: date(Math.max(max, estimate)),
    confidenceScore: confidence.score,
    confidenceCode: confidence.code,
    transitDays: { estimate, min: Math.min(min, estimate), max: Math.max(max, estimate) },
    basis: { level, scope, samples: sampleCount(found.histogram), seasonalDelay },
  };
}

function resolvePickupTime(request: PredictionRequest): string {
  if (request.pickupTime) return request.pickupTime;
  if (!request.estimatedPickup) throw new TypeError("a prediction needs pickupTime or estimatedPickup");
  const origin = holidayRegion(request.origin.country, request.origin.state);
  return computePickup(request.estimatedPickup, origin ? [origin] : []);
}
