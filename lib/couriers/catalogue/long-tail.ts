import { countryIso3 } from "@/lib/countries";
import type { AdditionalField, Courier } from "@/lib/couriers/types";
import { courier } from "./define-courier";
import rows from "./long-tail.json";

/** `[slug, name, other name, required fields, country (alpha-2) or null, website or null]`. */
type LongTailRow = [string, string, string, string[], string | null, string | null];

/**
 * The rest of the compatible API's courier list (its slugs, names and required fields), with the
 * country and website 17TRACK's carrier list gives where the crosswalk found the courier there.
 * Detection knows no number formats for them: it never proposes them, but a tracking may name one.
 */
export const LONG_TAIL: readonly Courier[] = (rows as LongTailRow[]).map(([slug, name, otherName, required, country, webUrl]) => {
  const iso3 = countryIso3(country);
  return courier({
    slug,
    name,
    otherName,
    required: required as AdditionalField[],
    from: iso3 ? [iso3] : [],
    ...(webUrl ? { webUrl } : {}),
  });
});
