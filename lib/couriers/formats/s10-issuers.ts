/** The postal operator(s) behind a UPU S10 country code, the most likely first. */
export interface S10Issuer {
  countryIso3: string;
  slugs: readonly string[];
  /** Operators by service indicator (first letter): EMS items (E) and parcels (C) often go to another arm. */
  byService?: Partial<Record<string, readonly string[]>>;
}

/** S10 country code (ISO 3166 alpha-2, the last two letters of the number) → issuing operators. */
export const S10_ISSUERS: Readonly<Record<string, S10Issuer>> = {
  US: { countryIso3: "USA", slugs: ["usps"] },
  CA: { countryIso3: "CAN", slugs: ["canada-post"] },
  MX: { countryIso3: "MEX", slugs: ["correos-de-mexico"] },
  BR: { countryIso3: "BRA", slugs: ["brazil-correios"] },
  AR: { countryIso3: "ARG", slugs: ["correo-argentino"] },
  CL: { countryIso3: "CHL", slugs: ["correos-chile"] },
  CO: { countryIso3: "COL", slugs: ["4-72"] },
  UY: { countryIso3: "URY", slugs: ["correo-uy"] },
  CR: { countryIso3: "CRI", slugs: ["correos-de-costa-rica"] },
  GB: { countryIso3: "GBR", slugs: ["royal-mail", "parcel-force"], byService: { E: ["parcel-force", "royal-mail"] } },
  IE: { countryIso3: "IRL", slugs: ["an-post"] },
  JE: { countryIso3: "JEY", slugs: ["jersey-post"] },
  FR: {
    countryIso3: "FRA",
    slugs: ["la-poste-colissimo", "colissimo"],
    byService: { E: ["chronopost-france", "la-poste-colissimo"] },
  },
  DE: {
    countryIso3: "DEU",
    slugs: ["deutsch-post", "dhl-germany"],
    byService: { C: ["dhl-germany", "deutsch-post"], E: ["dhl-germany", "deutsch-post"] },
  },
  NL: { countryIso3: "NLD", slugs: ["postnl-international"] },
  BE: { countryIso3: "BEL", slugs: ["bpost", "bpost-international"] },
  CH: { countryIso3: "CHE", slugs: ["swiss-post"] },
  AT: { countryIso3: "AUT", slugs: ["austrian-post"], byService: { R: ["austrian-post-registered", "austrian-post"] } },
  IT: { countryIso3: "ITA", slugs: ["poste-italiane"] },
  ES: { countryIso3: "ESP", slugs: ["spain-correos-es"] },
  PT: { countryIso3: "PRT", slugs: ["portugal-ctt"] },
  DK: { countryIso3: "DNK", slugs: ["danmark-post"] },
  SE: { countryIso3: "SWE", slugs: ["sweden-posten"] },
  NO: { countryIso3: "NOR", slugs: ["posten-norge"] },
  FI: { countryIso3: "FIN", slugs: ["posti"] },
  IS: { countryIso3: "ISL", slugs: ["postur-is"] },
  PL: { countryIso3: "POL", slugs: ["poczta-polska"] },
  CZ: { countryIso3: "CZE", slugs: ["ceska-posta", "ceskaposta"] },
  SK: { countryIso3: "SVK", slugs: ["sk-posta"] },
  HU: { countryIso3: "HUN", slugs: ["magyar-posta"] },
  RO: { countryIso3: "ROU", slugs: ["posta-romana"] },
  BG: { countryIso3: "BGR", slugs: ["bgpost"] },
  HR: { countryIso3: "HRV", slugs: ["hrvatska-posta"] },
  SI: { countryIso3: "SVN", slugs: ["post-slovenia"] },
  RS: { countryIso3: "SRB", slugs: ["post-serbia"] },
  BA: { countryIso3: "BIH", slugs: ["bh-posta"] },
  GR: { countryIso3: "GRC", slugs: ["hellenic-post", "elta-courier"], byService: { E: ["elta-courier", "hellenic-post"] } },
  CY: { countryIso3: "CYP", slugs: ["cyprus-post"] },
  EE: { countryIso3: "EST", slugs: ["omniva"] },
  LV: { countryIso3: "LVA", slugs: ["latvijas-pasts"] },
  LT: { countryIso3: "LTU", slugs: ["lietuvos-pastas"] },
  BY: { countryIso3: "BLR", slugs: ["belpost"] },
  UA: { countryIso3: "UKR", slugs: ["ukrposhta"] },
  RU: { countryIso3: "RUS", slugs: ["russian-post"] },
  GE: { countryIso3: "GEO", slugs: ["gpost"] },
  TR: { countryIso3: "TUR", slugs: ["ptt-posta"] },
  IL: { countryIso3: "ISR", slugs: ["israel-post"] },
  AE: { countryIso3: "ARE", slugs: ["emirates-post"] },
  SA: { countryIso3: "SAU", slugs: ["saudi-post"] },
  ZA: { countryIso3: "ZAF", slugs: ["sapo"] },
  NG: { countryIso3: "NGA", slugs: ["nipost"] },
  CN: { countryIso3: "CHN", slugs: ["china-post", "china-ems"], byService: { E: ["china-ems", "china-post"] } },
  HK: { countryIso3: "HKG", slugs: ["hong-kong-post"] },
  TW: { countryIso3: "TWN", slugs: ["taiwan-post"] },
  JP: { countryIso3: "JPN", slugs: ["japan-post"] },
  KR: { countryIso3: "KOR", slugs: ["kpost", "korea-post"], byService: { E: ["korea-post", "kpost"] } },
  SG: {
    countryIso3: "SGP",
    slugs: ["singapore-post", "singapore-speedpost"],
    byService: { E: ["singapore-speedpost", "singapore-post"] },
  },
  MY: {
    countryIso3: "MYS",
    slugs: ["malaysia-post", "malaysia-post-posdaftar"],
    byService: { R: ["malaysia-post-posdaftar", "malaysia-post"] },
  },
  TH: { countryIso3: "THA", slugs: ["thailand-post"] },
  VN: { countryIso3: "VNM", slugs: ["vnpost", "vnpost-ems"], byService: { E: ["vnpost-ems", "vnpost"] } },
  ID: { countryIso3: "IDN", slugs: ["pos-indonesia-int", "pos-indonesia"] },
  IN: { countryIso3: "IND", slugs: ["india-post-int", "india-post"] },
  KH: { countryIso3: "KHM", slugs: ["cambodia-post"] },
  LA: { countryIso3: "LAO", slugs: ["lao-post"] },
  AU: { countryIso3: "AUS", slugs: ["australia-post"] },
  NZ: { countryIso3: "NZL", slugs: ["new-zealand-post"] },
};

/** The operators for one S10 number's country and service indicator, or undefined for an unknown country. */
export function s10Operators(countryIso2: string, serviceIndicator: string): readonly string[] | undefined {
  const issuer = S10_ISSUERS[countryIso2];
  if (!issuer) return undefined;
  return issuer.byService?.[serviceIndicator] ?? issuer.slugs;
}
