import type { AdditionalField, Courier, SlugGroup } from "@/lib/couriers/types";

/** A catalogue entry as written in the data files: everything but the slug and name has a default. */
export interface CourierSpec {
  slug: string;
  name: string;
  otherName?: string;
  phone?: string;
  webUrl?: string;
  required?: AdditionalField[];
  optional?: AdditionalField[];
  /** Languages the courier's tracking data comes in; the first is the default. */
  languages?: string[];
  /** ISO 3166 alpha-3 codes of the countries it ships from; empty for couriers that ship from anywhere. */
  from: string[];
  /** Tracking page with `{tracking_number}` and optionally `{tracking_postal_code}`-style placeholders. */
  link?: string;
  groups?: SlugGroup[];
}

export function courier(spec: CourierSpec): Courier {
  const languages = spec.languages ?? ["en"];
  return {
    slug: spec.slug,
    name: spec.name,
    otherName: spec.otherName ?? "",
    phone: spec.phone ?? null,
    webUrl: spec.webUrl ?? null,
    requiredFields: spec.required ?? [],
    optionalFields: spec.optional ?? [],
    defaultLanguage: languages[0] ?? "en",
    supportLanguages: languages,
    serviceFromCountryIso3: spec.from,
    trackingLinkTemplate: spec.link ?? null,
    slugGroups: spec.groups ?? [],
  };
}
