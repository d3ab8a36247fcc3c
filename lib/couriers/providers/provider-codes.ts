/** The tracking providers Waybill can route a courier through when no direct adapter follows it. */
export const TRACKING_PROVIDERS = ["track17", "ship24"] as const;
export type TrackingProvider = (typeof TRACKING_PROVIDERS)[number];

/**
 * Catalogue slug → the provider's carrier code (17TRACK's numeric key, Ship24's courierCode).
 * Seed pairs, checked against the providers' lists; the full crosswalk replaces this table.
 */
const CODES: Readonly<Record<TrackingProvider, Readonly<Record<string, string>>>> = {
  track17: {
    ups: "100002",
    fedex: "100003",
    dhl: "100001",
    usps: "21051",
    "royal-mail": "11031",
    "australia-post": "1151",
    "la-poste-colissimo": "6051",
    "brazil-correios": "2151",
    cainiao: "190271",
  },
  ship24: {
    ups: "ups",
    fedex: "fedex",
    dhl: "dhl",
    usps: "us-post",
    "royal-mail": "royal-mail",
  },
};

const reverse = (codes: Readonly<Record<string, string>>) => new Map(Object.entries(codes).map(([slug, code]) => [code, slug]));
const SLUGS_BY_CODE: Readonly<Record<TrackingProvider, ReadonlyMap<string, string>>> = {
  track17: reverse(CODES.track17),
  ship24: reverse(CODES.ship24),
};

/** The provider's carrier code for a catalogue slug, or undefined when the provider cannot follow it. */
export function providerCarrierCode(provider: TrackingProvider, slug: string): string | undefined {
  return CODES[provider][slug];
}

/** The catalogue slug of a provider's carrier code (a hand-over's other leg), or undefined. */
export function slugForProviderCode(provider: TrackingProvider, code: string | number): string | undefined {
  return SLUGS_BY_CODE[provider].get(String(code));
}

/** Every catalogue slug the provider can follow. */
export function providerSlugs(provider: TrackingProvider): string[] {
  return Object.keys(CODES[provider]);
}
