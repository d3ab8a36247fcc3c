import { S10_ISSUERS } from "./formats/s10-issuers";
import { type NumberIssuer, TESTING_COURIER_FORMAT, TRACKING_NUMBER_FORMATS, type TrackingNumberFormat } from "./formats/tracking-number-formats";
import { getCourier } from "./get-courier";
import type { AdditionalFields, Courier, DetectionCandidate, DetectionInput } from "./types";

// Score tiers, highest first; each tier's largest contribution stays below the next tier's unit.
const PREFERRED = 1e9;
const VERIFIED = 1e8;
const FIELDS_SUPPLIED = 1e7;
const ORIGIN = 1e6;
const DESTINATION = 1e5;
const SPECIFICITY = 1e4;
const PRIORITY = 100;

function courierOf(slug: string): Courier {
  const courier = getCourier(slug);
  if (!courier) throw new Error(`Tracking-number formats name an unknown courier: ${slug}`);
  return courier;
}

interface CompiledFormat {
  format: TrackingNumberFormat;
  couriers: readonly Courier[];
}

const FIRST_CHAR = 48; // "0"
const CHAR_SLOTS = 43; // "0" … "Z"
const MAX_LENGTH = Math.max(...TRACKING_NUMBER_FORMATS.flatMap((format) => format.lengths));

// Formats bucketed by (length, first character), so one lookup leaves a handful of regexes to run.
const BUCKETS: (CompiledFormat[] | undefined)[] = new Array((MAX_LENGTH + 1) * CHAR_SLOTS);
for (const format of TRACKING_NUMBER_FORMATS) {
  const compiled: CompiledFormat = { format, couriers: format.slugs.map(courierOf) };
  for (const length of format.lengths) {
    for (const char of format.firstChars) {
      const slot = length * CHAR_SLOTS + char.charCodeAt(0) - FIRST_CHAR;
      (BUCKETS[slot] ??= []).push(compiled);
    }
  }
}

const ISSUER_COURIERS = new Map<NumberIssuer, readonly Courier[]>();
function issuerCouriers(issuer: NumberIssuer): readonly Courier[] {
  let couriers = ISSUER_COURIERS.get(issuer);
  if (!couriers) {
    couriers = issuer.slugs.map(courierOf);
    ISSUER_COURIERS.set(issuer, couriers);
  }
  return couriers;
}

// The national post of a destination country also tracks the S10 items it delivers.
const POST_BY_COUNTRY = new Map(Object.values(S10_ISSUERS).map((issuer) => [issuer.countryIso3, courierOf(issuer.slugs[0]!)]));

const TESTING_COURIER = courierOf("testing-courier");

/** Upper case without spaces and hyphens; returns the input itself when it is already compact. */
function compact(trackingNumber: string): string {
  for (let i = 0; i < trackingNumber.length; i++) {
    const code = trackingNumber.charCodeAt(i);
    if (code <= 32 || code === 45 || (code >= 97 && code <= 122)) {
      return trackingNumber.replace(/[\s-]+/g, "").toUpperCase();
    }
  }
  return trackingNumber;
}

/** One character repeated ("000000000000"): it passes several check-digit rules but no carrier issues it. */
function isPlaceholder(n: string): boolean {
  for (let i = 1; i < n.length; i++) if (n.charCodeAt(i) !== n.charCodeAt(0)) return false;
  return true;
}

function countryScore(courier: Courier, countryIso3: string | undefined, unit: number): number {
  if (!countryIso3) return 0;
  const from = courier.serviceFromCountryIso3;
  // An empty list means the courier ships from anywhere: it serves the country, less specifically.
  if (from.length === 0) return unit;
  return from.includes(countryIso3) ? 2 * unit : 0;
}

function hasRequiredFields(courier: Courier, supplied: AdditionalFields | undefined): boolean {
  for (const field of courier.requiredFields) {
    const value = supplied?.[field];
    if (!value || value.trim() === "") return false;
  }
  return true;
}

/** How one courier matched: through which format, at which place in the format's list. */
export interface CourierMatch {
  checksumVerified: boolean;
  specificity: number;
  priority: number;
  /** The courier's place among the format's couriers (0 = the format's main courier). */
  rank: number;
  /** The origin the number itself names (S10 country codes); it outweighs the caller's origin. */
  impliedOriginIso3?: string;
}

/** The ranking score of one courier for one match; higher is better (see `detectCouriers`). */
export function scoreCandidate(input: DetectionInput, courier: Courier, match: CourierMatch): number {
  const preferredIndex = input.preferredSlugs ? input.preferredSlugs.indexOf(courier.slug) : -1;
  return (
    (preferredIndex >= 0 ? (1000 - preferredIndex) * PREFERRED : 0) +
    (match.checksumVerified ? VERIFIED : 0) +
    (hasRequiredFields(courier, input.additionalFields) ? FIELDS_SUPPLIED : 0) +
    countryScore(courier, match.impliedOriginIso3 ?? input.originCountryIso3, ORIGIN) +
    countryScore(courier, input.destinationCountryIso3, DESTINATION) +
    Math.min(match.specificity, 9) * SPECIFICITY +
    match.priority * PRIORITY +
    Math.max(0, 99 - match.rank)
  );
}

/** One detection's candidates, filtered by the caller's slugs and slug group, one per courier. */
class Ranking {
  readonly candidates: DetectionCandidate[] = [];
  private readonly match: CourierMatch = { checksumVerified: false, specificity: 0, priority: 0, rank: 0 };

  constructor(private readonly input: DetectionInput) {}

  consider(courier: Courier, verified: boolean, format: TrackingNumberFormat, rank: number, impliedOriginIso3?: string) {
    const { slugs, slugGroup } = this.input;
    // An empty list restricts nothing, like an absent one.
    if (slugs && slugs.length > 0 && !slugs.includes(courier.slug)) return;
    if (slugGroup && !courier.slugGroups.includes(slugGroup)) return;
    // One reused match object: detection runs on hot paths and allocates only its answer.
    const match = this.match;
    match.checksumVerified = verified;
    match.specificity = format.specificity;
    match.priority = format.priority;
    match.rank = rank;
    match.impliedOriginIso3 = impliedOriginIso3;
    const score = scoreCandidate(this.input, courier, match);
    for (const candidate of this.candidates) {
      if (candidate.courier !== courier) continue;
      if (score > candidate.score) {
        candidate.score = score;
        candidate.checksumVerified = verified;
      }
      return;
    }
    this.candidates.push({ courier, score, checksumVerified: verified });
  }
}

/**
 * Couriers whose number formats match, best first. A format with a check digit only matches when
 * the digit is right. Order: the organisation's preferred couriers (in their order), then
 * check-digit-verified matches, couriers whose required fields were supplied, couriers serving
 * the origin and destination countries, distinctive prefixes, and how common the format is.
 */
export function detectCouriers(input: DetectionInput): DetectionCandidate[] {
  const ranking = new Ranking(input);
  const raw = input.trackingNumber;
  // The sandbox grammar, hyphens included, is no carrier's: such a number is the testing courier's only.
  if (raw.includes("-") && TESTING_COURIER_FORMAT.pattern.test(raw.trim().toUpperCase())) {
    ranking.consider(TESTING_COURIER, false, TESTING_COURIER_FORMAT, 0);
    return ranking.candidates;
  }
  const n = compact(raw);
  if (isPlaceholder(n)) return ranking.candidates;
  const first = n.charCodeAt(0) - FIRST_CHAR;
  const bucket = n.length <= MAX_LENGTH && first >= 0 && first < CHAR_SLOTS ? BUCKETS[n.length * CHAR_SLOTS + first] : undefined;
  if (bucket) {
    for (const { format, couriers } of bucket) {
      if (!format.pattern.test(n)) continue;
      if (format.checkDigit && !format.checkDigit(n)) continue;
      const verified = format.checkDigit !== undefined;
      if (format.issuer) {
        const issuer = format.issuer(n);
        if (!issuer) continue;
        const issuers = issuerCouriers(issuer);
        for (let i = 0; i < issuers.length; i++) ranking.consider(issuers[i]!, verified, format, i, issuer.countryIso3);
        const post = input.destinationCountryIso3 ? POST_BY_COUNTRY.get(input.destinationCountryIso3) : undefined;
        if (post) ranking.consider(post, verified, format, issuers.length, issuer.countryIso3);
        continue;
      }
      for (let i = 0; i < couriers.length; i++) ranking.consider(couriers[i]!, verified, format, i);
    }
  }
  const { candidates } = ranking;
  if (candidates.length > 1) candidates.sort((a, b) => b.score - a.score);
  return candidates;
}
