/** Additional tracking fields some couriers need, under their v4 / 2024-07 names. */
export const ADDITIONAL_FIELDS = [
  "tracking_account_number",
  "tracking_postal_code",
  "tracking_ship_date",
  "tracking_key",
  "tracking_origin_country",
  "tracking_destination_country",
  "tracking_state",
] as const;
export type AdditionalField = (typeof ADDITIONAL_FIELDS)[number];
export type AdditionalFields = Partial<Record<AdditionalField, string | null | undefined>>;

/** Slug groups of the compatible API (compat-reference §3.2). */
export const SLUG_GROUPS = [
  "amazon-group",
  "fedex-group",
  "toll-group",
  "taqbin-group",
  "tnt-group",
  "cj-group",
  "hermes-group",
  "dpd-group",
  "gls-group",
  "dhl-group",
  "fastway-group",
  "asendia-group",
] as const;
export type SlugGroup = (typeof SLUG_GROUPS)[number];

export interface Courier {
  slug: string;
  name: string;
  otherName: string;
  phone: string | null;
  webUrl: string | null;
  requiredFields: AdditionalField[];
  optionalFields: AdditionalField[];
  defaultLanguage: string;
  supportLanguages: string[];
  /** ISO 3166 alpha-3 codes of the countries the courier ships from. */
  serviceFromCountryIso3: string[];
  /** The courier's tracking page, with `{tracking_number}` (and optionally other field) placeholders. */
  trackingLinkTemplate: string | null;
  slugGroups: SlugGroup[];
}

export interface DetectionInput {
  trackingNumber: string;
  /** Restricts candidates to these slugs (an explicit list from the caller). */
  slugs?: string[];
  slugGroup?: SlugGroup;
  /** The organisation's preferred couriers, in order: ranked first. */
  preferredSlugs?: string[];
  originCountryIso3?: string;
  destinationCountryIso3?: string;
  /** Fields the caller can supply: couriers whose required fields are all here rank above the others. */
  additionalFields?: AdditionalFields;
}

export interface DetectionCandidate {
  courier: Courier;
  /** Higher is better; only the order is meaningful. */
  score: number;
  /** Whether the number passed a real check-digit validation for this courier's format. */
  checksumVerified: boolean;
}
