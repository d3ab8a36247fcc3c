import { CATALOGUE } from "@/lib/couriers/catalogue";
import track17Codes from "./track17-codes.json";

/** The tracking providers Waybill can route a courier through when no direct adapter follows it. */
export const TRACKING_PROVIDERS = ["track17", "ship24"] as const;
export type TrackingProvider = (typeof TRACKING_PROVIDERS)[number];

/**
 * Catalogue slug → the provider's carrier code. 17TRACK: its numeric carrier key, matched from its
 * published list by website host, country and normalised name, then reviewed by hand
 * (scripts/crosswalk). Ship24: codes checked against its documentation only; Ship24 detects the
 * courier itself when a tracker names none.
 */
const CODES: Readonly<Record<TrackingProvider, Readonly<Record<string, string>>>> = {
  track17: track17Codes,
  ship24: {
    usps: "us-post",
  },
};

const reverse = (codes: Readonly<Record<string, string>>) => {
  const slugs = new Map<string, string>();
  // Several slugs may share a code (a courier's API and webhook variants): the shortest stands for it.
  const order = ([a]: [string, string], [b]: [string, string]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  for (const [slug, code] of Object.entries(codes).sort(order)) if (!slugs.has(code)) slugs.set(code, slug);
  return slugs;
};
const SLUGS_BY_CODE: Readonly<Record<TrackingProvider, ReadonlyMap<string, string>>> = {
  track17: reverse(CODES.track17),
  ship24: reverse(CODES.ship24),
};

/** The provider's carrier code for a catalogue slug, or undefined when the crosswalk has none. */
export function providerCarrierCode(provider: TrackingProvider, slug: string): string | undefined {
  return CODES[provider][slug];
}

/** The catalogue slug of a provider's carrier code (a hand-over's other leg), or undefined. */
export function slugForProviderCode(provider: TrackingProvider, code: string | number): string | undefined {
  return SLUGS_BY_CODE[provider].get(String(code));
}

// Ship24 detects a number's courier itself: a tracker needs no courier code, so it can follow any courier.
const DETECTING: ReadonlySet<TrackingProvider> = new Set(["ship24"]);
const CATALOGUE_SLUGS: ReadonlySet<string> = new Set(CATALOGUE.map((courier) => courier.slug).filter((slug) => !slug.startsWith("testing-courier")));

/** Whether the provider can follow a courier: 17TRACK needs its carrier key; Ship24 detects the courier. */
export function providerFollows(provider: TrackingProvider, slug: string): boolean {
  return CODES[provider][slug] !== undefined || (DETECTING.has(provider) && CATALOGUE_SLUGS.has(slug));
}

/** Every catalogue slug the provider can follow. */
export function providerSlugs(provider: TrackingProvider): string[] {
  return DETECTING.has(provider) ? [...CATALOGUE_SLUGS] : Object.keys(CODES[provider]);
}
