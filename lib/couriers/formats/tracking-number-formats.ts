import { dhlIdentcode, fedexMod11, gs1Mod10, isCheckChar, iso7064Mod3736, luhn, mod7, s10, upsMod10 } from "@/lib/couriers/checksums";
import { S10_ISSUERS } from "./s10-issuers";

/** Who issued one number, when the number itself says so (S10 country codes). */
export interface NumberIssuer {
  slugs: readonly string[];
  countryIso3: string;
}

/**
 * One way a courier writes tracking numbers. Numbers are matched compact: upper case, without
 * spaces and hyphens (the testing courier's grammar, which needs its hyphens, is matched apart).
 */
export interface TrackingNumberFormat {
  id: string;
  /** Couriers that issue numbers in this format, the most likely first (empty when `issuer` decides). */
  slugs: readonly string[];
  lengths: readonly number[];
  /** Characters a number can start with: the engine dispatches on length and first character. */
  firstChars: string;
  /** How many leading characters are fixed: a distinctive prefix outranks a generic shape. */
  specificity: number;
  /** Among otherwise equal matches of different formats, how common the format is (0-99). */
  priority: number;
  pattern: RegExp;
  /** The real check-digit validation, for formats that have one. */
  checkDigit?: (n: string) => boolean;
  issuer?: (n: string) => NumberIssuer | undefined;
}

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const lastIs = (n: string, value: number) => isCheckChar(n, n.length - 1, value);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

// Where the IMpb barcode starts, by total length: after "420" + a 5- or 9-digit ZIP when routed.
const IMPB_STARTS: Readonly<Record<number, readonly number[]>> = { 22: [0], 26: [0], 30: [8], 34: [8, 12], 38: [12] };

/** USPS IMpb: an optional "420" + ZIP routing prefix, then a 22- or 26-digit barcode "9x…" with its check digit. */
function isImpb(n: string, applicationIds: string): boolean {
  for (const start of IMPB_STARTS[n.length] ?? []) {
    if (start > 0 && !n.startsWith("420")) continue;
    if (n.charCodeAt(start) !== 57 || !applicationIds.includes(n[start + 1]!)) continue;
    if (lastIs(n, gs1Mod10(n, start, n.length - 1))) return true;
  }
  return false;
}

const DPD_SLUGS = [
  "dpd",
  "dpd-de",
  "dpd-uk",
  "dpd-nl",
  "dpd-at",
  "dpd-poland",
  "dpd-ireland",
  "exapaq",
  "dpd-ro",
  "dpd-hungary",
  "dpd-prt",
  "interlink-express",
];

const GLS_SLUGS = [
  "gls",
  "gls-italy",
  "gls-netherlands",
  "gls-spain",
  "gls-cz",
  "gls-hun",
  "gls-croatia",
  "gls-slovakia",
  "gls-slovenia",
  "gls-romania",
  "gls-da",
];

const A = 65;

/** A number key for a service indicator (or none) and country code: S10 lookups build no strings. */
function s10Key(service: number, countryFirst: number, countrySecond: number): number {
  return (service * 26 + countryFirst - A) * 26 + countrySecond - A;
}

const ANY_SERVICE = A + 26;

// Issuer answers are built once per country and service indicator, so matching allocates nothing.
const S10_ANSWERS = new Map<number, NumberIssuer>();
for (const [country, issuer] of Object.entries(S10_ISSUERS)) {
  const first = country.charCodeAt(0);
  const second = country.charCodeAt(1);
  S10_ANSWERS.set(s10Key(ANY_SERVICE, first, second), { slugs: issuer.slugs, countryIso3: issuer.countryIso3 });
  for (const [service, slugs] of Object.entries(issuer.byService ?? {})) {
    if (slugs) S10_ANSWERS.set(s10Key(service.charCodeAt(0), first, second), { slugs, countryIso3: issuer.countryIso3 });
  }
}

function s10Issuer(n: string): NumberIssuer | undefined {
  const first = n.charCodeAt(11);
  const second = n.charCodeAt(12);
  return S10_ANSWERS.get(s10Key(n.charCodeAt(0), first, second)) ?? S10_ANSWERS.get(s10Key(ANY_SERVICE, first, second));
}

/** Ninja Van prefixes its numbers with "NV" and the country of the Ninja Van company that issued it. */
export const NINJA_VAN_COUNTRIES: Readonly<Record<string, string>> = {
  SG: "ninjavan",
  MY: "ninjavan-my",
  PH: "ninjavan-philippines",
  TH: "ninjavan-thai",
  VN: "ninjavan-vn",
  ID: "ninjavan-id",
};

const ninjaVan: TrackingNumberFormat[] = Object.entries(NINJA_VAN_COUNTRIES).map(([country, slug]) => ({
  id: `ninjavan-${country.toLowerCase()}`,
  slugs: [slug],
  lengths: range(12, 24),
  firstChars: "N",
  specificity: 4,
  priority: 40,
  pattern: new RegExp(`^NV${country}[0-9A-Z]{8,20}$`),
}));

export const TRACKING_NUMBER_FORMATS: readonly TrackingNumberFormat[] = [
  {
    id: "ups-1z",
    slugs: ["ups"],
    lengths: [18],
    firstChars: "1",
    specificity: 2,
    priority: 90,
    pattern: /^1Z[0-9A-Z]{15}[0-9]$/,
    checkDigit: (n) => lastIs(n, upsMod10(n, 2, 17)),
  },
  {
    id: "ups-waybill",
    slugs: ["ups"],
    lengths: [11],
    firstChars: "AHJKTV",
    specificity: 0,
    priority: 40,
    pattern: /^[AHJKTV][0-9]{10}$/,
    checkDigit: (n) => lastIs(n, upsMod10(n, 1, 10)),
  },
  {
    id: "fedex-express-12",
    slugs: ["fedex", "fedex-uk"],
    lengths: [12],
    firstChars: DIGITS,
    specificity: 0,
    priority: 80,
    pattern: /^[0-9]{12}$/,
    checkDigit: (n) => lastIs(n, fedexMod11(n, 0, 11)),
  },
  {
    id: "fedex-ground-15",
    slugs: ["fedex"],
    lengths: [15],
    firstChars: DIGITS,
    specificity: 0,
    priority: 80,
    pattern: /^[0-9]{15}$/,
    checkDigit: (n) => lastIs(n, gs1Mod10(n, 0, 14)),
  },
  {
    // "96" + SCNC + service + the 15-digit Ground number, whose own check digit ends it.
    id: "fedex-ground-96",
    slugs: ["fedex"],
    lengths: [22],
    firstChars: "9",
    specificity: 2,
    priority: 80,
    pattern: /^96[0-9]{20}$/,
    checkDigit: (n) => lastIs(n, gs1Mod10(n, 7, 21)),
  },
  {
    // SmartPost / Ground Economy: the IMpb barcode without its "92" application identifier.
    id: "fedex-smartpost-20",
    slugs: ["fedex"],
    lengths: [20],
    firstChars: DIGITS,
    specificity: 0,
    priority: 70,
    pattern: /^[0-9]{20}$/,
    checkDigit: (n) => lastIs(n, gs1Mod10(n, 0, 19, "92")),
  },
  {
    id: "fedex-express-34",
    slugs: ["fedex"],
    lengths: [34],
    firstChars: DIGITS,
    specificity: 0,
    priority: 60,
    pattern: /^(?:[0-8][0-9]|96)[0-9]{32}$/,
    checkDigit: (n) => lastIs(n, fedexMod11(n, 20, 33)),
  },
  {
    id: "fedex-astra-32",
    slugs: ["fedex"],
    lengths: [32],
    firstChars: "3",
    specificity: 1,
    priority: 60,
    pattern: /^3[0-9]{31}$/,
    checkDigit: (n) => isCheckChar(n, 27, fedexMod11(n, 16, 27)),
  },
  {
    id: "fedex-sscc-18",
    slugs: ["fedex"],
    lengths: [18],
    firstChars: DIGITS,
    specificity: 0,
    priority: 50,
    pattern: /^[0-9]{18}$/,
    checkDigit: (n) => lastIs(n, gs1Mod10(n, 0, 17)),
  },
  {
    id: "usps-impb",
    slugs: ["usps"],
    lengths: [22, 26, 30, 34, 38],
    firstChars: "49",
    specificity: 2,
    priority: 85,
    pattern: /^[0-9]+$/,
    checkDigit: (n) => isImpb(n, "145"),
  },
  {
    // Application identifiers 92 and 93 carry consolidators' parcels that USPS delivers.
    id: "usps-impb-partner",
    slugs: ["usps", "fedex", "ups-mi", "dhl-global-mail"],
    lengths: [22, 26, 30, 34, 38],
    firstChars: "49",
    specificity: 2,
    priority: 85,
    pattern: /^[0-9]+$/,
    checkDigit: (n) => isImpb(n, "23"),
  },
  {
    // Older 20-digit labels: check digit with or without the implied "91" identifier.
    id: "usps-20",
    slugs: ["usps"],
    lengths: [20],
    firstChars: DIGITS,
    specificity: 0,
    priority: 75,
    pattern: /^[0-9]{20}$/,
    checkDigit: (n) => lastIs(n, gs1Mod10(n, 0, 19)) || lastIs(n, gs1Mod10(n, 0, 19, "91")),
  },
  {
    id: "upu-s10",
    slugs: [],
    lengths: [13],
    firstChars: LETTERS,
    specificity: 0,
    priority: 70,
    pattern: /^[A-Z]{2}[0-9]{9}[A-Z]{2}$/,
    checkDigit: (n) => isCheckChar(n, 10, s10(n, 2)),
    issuer: s10Issuer,
  },
  {
    id: "dhl-express",
    slugs: ["dhl"],
    lengths: [10, 11],
    firstChars: DIGITS,
    specificity: 0,
    priority: 70,
    pattern: /^[0-9]{10,11}$/,
    checkDigit: (n) => lastIs(n, mod7(n, 0, n.length - 1)),
  },
  {
    id: "dhl-express-piece",
    slugs: ["dhl-pieceid", "dhl"],
    lengths: [12, 13, 14, 20],
    firstChars: "J",
    specificity: 1,
    priority: 50,
    pattern: /^(?:JD[0-9]{18}|J[A-Z]{2,3}[0-9]{9,10})$/,
  },
  {
    id: "dhl-paket-12",
    slugs: ["dhl-germany"],
    lengths: [12],
    firstChars: DIGITS,
    specificity: 0,
    priority: 65,
    pattern: /^[0-9]{12}$/,
    checkDigit: (n) => lastIs(n, dhlIdentcode(n, 0, 11)),
  },
  {
    // SSCC with one of DHL Paket's GS1 company prefixes, 340433 and 340434.
    id: "dhl-paket-sscc",
    slugs: ["dhl-germany"],
    lengths: [20],
    firstChars: "0",
    specificity: 8,
    priority: 65,
    pattern: /^0034043[34][0-9]{12}$/,
    checkDigit: (n) => lastIs(n, gs1Mod10(n, 0, 19)),
  },
  {
    id: "dhl-paket-jjd",
    slugs: ["dhl-germany"],
    lengths: [16],
    firstChars: "J",
    specificity: 3,
    priority: 60,
    pattern: /^JJD[0-9]{13}$/,
  },
  {
    id: "dhl-ecommerce",
    slugs: ["dhl-global-mail"],
    lengths: range(18, 24),
    firstChars: "G",
    specificity: 2,
    priority: 50,
    pattern: /^GM[0-9A-Z]{16,22}$/,
  },
  {
    id: "canada-post-16",
    slugs: ["canada-post"],
    lengths: [16],
    firstChars: DIGITS,
    specificity: 0,
    priority: 60,
    pattern: /^[0-9]{16}$/,
    checkDigit: (n) => lastIs(n, gs1Mod10(n, 0, 15)),
  },
  {
    id: "purolator-12",
    slugs: ["purolator"],
    lengths: [12],
    firstChars: "012345",
    specificity: 0,
    priority: 55,
    pattern: /^[0-5][0-9]{11}$/,
    checkDigit: (n) => lastIs(n, luhn(n, 0, 11)),
  },
  {
    id: "purolator-alpha",
    slugs: ["purolator"],
    lengths: [12],
    firstChars: LETTERS,
    specificity: 0,
    priority: 30,
    pattern: /^[A-Z]{3}[0-9]{9}$/,
  },
  {
    // The letter is part of the checked sequence (C counts as 4, D as 5).
    id: "ontrac",
    slugs: ["ontrac"],
    lengths: [15],
    firstChars: "CD",
    specificity: 1,
    priority: 60,
    pattern: /^[CD][0-9]{14}$/,
    checkDigit: (n) => lastIs(n, upsMod10(n, 0, 14)),
  },
  {
    id: "lasership",
    slugs: ["lasership"],
    lengths: [10, 15, 17],
    firstChars: "L1",
    specificity: 2,
    priority: 50,
    pattern: /^(?:L[AIEHNX][1-3][0-9]{7}|1LS7[12][0-9]{10}|1LS7[12][0-9]{2}01[1-4][0-9]{6}1|1LSCX[0-9A-Z]{10})$/,
  },
  {
    id: "amazon-tba",
    slugs: ["amazon-logistics", "amazon"],
    lengths: [15],
    firstChars: "T",
    specificity: 3,
    priority: 60,
    pattern: /^TB[ACM][0-9]{12}$/,
  },
  {
    id: "old-dominion",
    slugs: ["old-dominion"],
    lengths: [11],
    firstChars: "078",
    specificity: 2,
    priority: 40,
    pattern: /^(?:77[78]|072|780|80[0-9])[0-9]{8}$/,
    checkDigit: (n) => lastIs(n, luhn(n, 0, 10)),
  },
  {
    id: "canpar",
    slugs: ["canpar"],
    lengths: [22],
    firstChars: "CDKLSUXZ",
    specificity: 1,
    priority: 40,
    pattern: /^[CDKLSUXZ][0-9]{21}$/,
  },
  {
    id: "speedee",
    slugs: ["speedee"],
    lengths: [20],
    firstChars: "S",
    specificity: 2,
    priority: 40,
    pattern: /^SP[0-9]{18}$/,
  },
  {
    id: "landmark-global",
    slugs: ["landmark-global"],
    lengths: [13],
    firstChars: "L",
    specificity: 3,
    priority: 40,
    pattern: /^LTN[0-9]{8}N1$/,
  },
  {
    id: "yunexpress",
    slugs: ["yunexpress"],
    lengths: [18],
    firstChars: "Y",
    specificity: 2,
    priority: 50,
    pattern: /^YT[0-9]{16}$/,
  },
  {
    id: "yto",
    slugs: ["yto"],
    lengths: [15],
    firstChars: "Y",
    specificity: 2,
    priority: 45,
    pattern: /^YT[0-9]{13}$/,
  },
  {
    id: "sf-express",
    slugs: ["sf-express"],
    lengths: [15],
    firstChars: "S",
    specificity: 2,
    priority: 50,
    pattern: /^SF[0-9]{13}$/,
  },
  {
    id: "jd-logistics",
    slugs: ["jd-express"],
    lengths: [15],
    firstChars: "J",
    specificity: 2,
    priority: 45,
    pattern: /^JD[A-Z]{2}[0-9]{11}$/,
  },
  {
    id: "cainiao",
    slugs: ["cainiao"],
    lengths: [16],
    firstChars: "L",
    specificity: 2,
    priority: 50,
    pattern: /^LP[0-9]{14}$/,
  },
  {
    id: "shopee-express",
    slugs: ["spx"],
    lengths: range(14, 21),
    firstChars: "S",
    specificity: 5,
    priority: 40,
    pattern: /^SPX(?:ID|MY|PH|VN)[0-9A-Z]{9,16}$/,
  },
  {
    id: "shopee-express-th",
    slugs: ["spx-th"],
    lengths: range(14, 21),
    firstChars: "S",
    specificity: 5,
    priority: 40,
    pattern: /^SPXTH[0-9A-Z]{9,16}$/,
  },
  ...ninjaVan,
  {
    id: "posti-jjfi",
    slugs: ["posti"],
    lengths: range(18, 28),
    firstChars: "J",
    specificity: 4,
    priority: 40,
    pattern: /^JJFI[0-9]{14,24}$/,
  },
  {
    id: "yodel",
    slugs: ["yodel"],
    lengths: [18, 19],
    firstChars: "J",
    specificity: 2,
    priority: 50,
    pattern: /^J?JD[0-9]{16}$/,
  },
  {
    id: "dpd-parcel",
    slugs: DPD_SLUGS,
    lengths: [15],
    firstChars: DIGITS,
    specificity: 0,
    priority: 60,
    pattern: /^[0-9]{14}[0-9A-Z]$/,
    checkDigit: (n) => lastIs(n, iso7064Mod3736(n, 0, 14)),
  },
  {
    // The label barcode: destination postcode, parcel number, service and country codes.
    id: "dpd-barcode-28",
    slugs: DPD_SLUGS,
    lengths: [28],
    firstChars: DIGITS,
    specificity: 0,
    priority: 60,
    pattern: /^[0-9]{27}[0-9A-Z]$/,
    checkDigit: (n) => lastIs(n, iso7064Mod3736(n, 0, 27)),
  },
  {
    id: "gls-parcel",
    slugs: GLS_SLUGS,
    lengths: [12],
    firstChars: DIGITS,
    specificity: 0,
    priority: 60,
    pattern: /^[0-9]{12}$/,
    checkDigit: (n) => lastIs(n, gs1Mod10(n, 0, 11, "", 1)),
  },
  {
    id: "hermes-de-14",
    slugs: ["hermes-de"],
    lengths: [14],
    firstChars: DIGITS,
    specificity: 0,
    priority: 50,
    pattern: /^[0-9]{14}$/,
    checkDigit: (n) => lastIs(n, gs1Mod10(n, 0, 13)),
  },
  {
    id: "yamato-sagawa-12",
    slugs: ["taqbin-jp", "sagawa"],
    lengths: [12],
    firstChars: DIGITS,
    specificity: 0,
    priority: 45,
    pattern: /^[0-9]{12}$/,
    checkDigit: (n) => lastIs(n, mod7(n, 0, 11)),
  },
  {
    id: "postnl-3s",
    slugs: ["postnl", "postnl-3s"],
    lengths: range(13, 17),
    firstChars: "3",
    specificity: 2,
    priority: 50,
    pattern: /^3S[A-Z]{4}[0-9]{7,11}$/,
  },
  {
    id: "colissimo",
    slugs: ["la-poste-colissimo", "colissimo"],
    lengths: [13],
    firstChars: DIGITS,
    specificity: 0,
    priority: 40,
    pattern: /^[0-9][A-Z][0-9]{11}$/,
  },
];

/**
 * The testing courier's numbers (compat-reference §13): up to 10 status codes (a letter of ITODEFA,
 * optionally with a 3-digit subtag), the interval in minutes (0-20), then any digits. Matched with
 * its hyphens, outside the length dispatch.
 */
export const TESTING_COURIER_FORMAT: TrackingNumberFormat = {
  id: "testing-courier",
  slugs: ["testing-courier"],
  lengths: [],
  firstChars: "ITODEFA",
  specificity: 9,
  priority: 99,
  pattern: /^(?:[ITODEFA](?:[0-9]{3})?){1,10}-(?:[0-9]|1[0-9]|20)-[0-9]+$/,
};
