// A deterministic corpus of tracking numbers for the detection tests and benchmark: valid numbers
// per format family (check digits computed with the project's checksum code) and the same numbers
// with a wrong check digit.
import { checkChar, dhlIdentcode, fedexMod11, gs1Mod10, iso7064Mod3736, luhn, mod7, s10, upsMod10 } from "@/lib/couriers/checksums";
import { S10_ISSUERS, s10Operators } from "@/lib/couriers/formats/s10-issuers";
import { NINJA_VAN_COUNTRIES, TRACKING_NUMBER_FORMATS } from "@/lib/couriers/formats/tracking-number-formats";

export interface CorpusNumber {
  family: string;
  trackingNumber: string;
  /** The courier detection should rank first (for invalid numbers: the family's courier). */
  expectedSlug: string;
}

export interface Corpus {
  valid: CorpusNumber[];
  invalid: CorpusNumber[];
}

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALPHANUMERIC = DIGITS + LETTERS;

/** mulberry32: a small seeded PRNG, so every run generates the same corpus. */
class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  /** One character of `alphabet`. */
  pick(alphabet: string): string {
    return alphabet[this.int(alphabet.length)]!;
  }

  chars(alphabet: string, count: number): string {
    let out = "";
    for (let i = 0; i < count; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }

  digits(count: number): string {
    return this.chars(DIGITS, count);
  }

  letters(count: number): string {
    return this.chars(LETTERS, count);
  }
}

interface Family {
  id: string;
  /** The courier a number of this family should be detected as; per number when it varies. */
  slug: string | ((n: string) => string);
  make(random: Random): string;
  /** Where the check character sits; families without a check digit have no invalid numbers. */
  checkIndex?: (n: string) => number;
  checkAlphabet?: string;
}

const last = (n: string) => n.length - 1;

function pickString(random: Random, items: readonly string[]): string {
  return items[random.int(items.length)]!;
}

function impb(random: Random, applicationIds: readonly string[], length: 22 | 26): string {
  const prefix = pickString(random, applicationIds);
  const body = prefix + random.digits(length - 1 - prefix.length);
  return body + checkChar(gs1Mod10(body, 0, body.length));
}

const S10_COUNTRIES = Object.keys(S10_ISSUERS);

const FAMILIES: readonly Family[] = [
  {
    id: "ups-1z",
    slug: "ups",
    make: (r) => {
      const body = `1Z${r.chars(ALPHANUMERIC, 6)}${pickString(r, ["01", "02", "03", "12", "13", "42", "YW"])}${r.digits(7)}`;
      return body + checkChar(upsMod10(body, 2, 17));
    },
    checkIndex: last,
  },
  {
    id: "ups-waybill",
    slug: "ups",
    make: (r) => {
      const body = r.pick("AHJKTV") + r.digits(9);
      return body + checkChar(upsMod10(body, 1, 10));
    },
    checkIndex: last,
  },
  {
    id: "fedex-express-12",
    slug: "fedex",
    make: (r) => {
      const body = r.pick("23456789") + r.digits(10);
      return body + checkChar(fedexMod11(body, 0, 11));
    },
    checkIndex: last,
  },
  {
    id: "fedex-ground-15",
    slug: "fedex",
    make: (r) => {
      const body = r.digits(14);
      return body + checkChar(gs1Mod10(body, 0, 14));
    },
    checkIndex: last,
  },
  {
    id: "fedex-ground-96",
    slug: "fedex",
    make: (r) => {
      const body = `96${r.digits(19)}`;
      return body + checkChar(gs1Mod10(body, 7, 21));
    },
    checkIndex: last,
  },
  {
    id: "fedex-smartpost-20",
    slug: "fedex",
    make: (r) => {
      const body = pickString(r, ["61", "02"]) + r.digits(17);
      return body + checkChar(gs1Mod10(body, 0, 19, "92"));
    },
    checkIndex: last,
  },
  {
    id: "fedex-express-34",
    slug: "fedex",
    make: (r) => {
      const body = `1${r.digits(32)}`;
      return body + checkChar(fedexMod11(body, 20, 33));
    },
    checkIndex: last,
  },
  {
    id: "fedex-astra-32",
    slug: "fedex",
    make: (r) => {
      const body = `3${r.digits(26)}`;
      return body + checkChar(fedexMod11(body, 16, 27)) + r.digits(4);
    },
    checkIndex: () => 27,
  },
  {
    id: "fedex-sscc-18",
    slug: "fedex",
    make: (r) => {
      const body = r.digits(17);
      return body + checkChar(gs1Mod10(body, 0, 17));
    },
    checkIndex: last,
  },
  { id: "usps-impb-22", slug: "usps", make: (r) => impb(r, ["9400", "9405", "9410", "9505", "9101"], 22), checkIndex: last },
  { id: "usps-impb-26", slug: "usps", make: (r) => impb(r, ["9400", "9500", "9270"], 26), checkIndex: last },
  { id: "usps-impb-partner-22", slug: "usps", make: (r) => impb(r, ["9261", "9274", "9361", "9374"], 22), checkIndex: last },
  { id: "usps-impb-420-zip5", slug: "usps", make: (r) => `420${r.digits(5)}${impb(r, ["9400", "9405", "9361"], 22)}`, checkIndex: last },
  { id: "usps-impb-420-zip9", slug: "usps", make: (r) => `420${r.digits(9)}${impb(r, ["9400", "9261"], 22)}`, checkIndex: last },
  {
    id: "usps-20",
    slug: "usps",
    make: (r) => {
      const body = pickString(r, ["03", "23", "70", "71"]) + r.digits(17);
      return body + checkChar(gs1Mod10(body, 0, 19));
    },
    checkIndex: last,
  },
  {
    id: "usps-20-legacy-91",
    slug: "usps",
    make: (r) => {
      const body = pickString(r, ["71", "23"]) + r.digits(17);
      return body + checkChar(gs1Mod10(body, 0, 19, "91"));
    },
    checkIndex: last,
  },
  {
    id: "upu-s10",
    slug: (n) => s10Operators(n.slice(11, 13), n[0]!)![0]!,
    make: (r) => {
      const body = pickString(r, ["R", "L", "C", "E", "V", "U"]) + r.letters(1) + r.digits(8);
      return body + checkChar(s10(body, 2)) + pickString(r, S10_COUNTRIES);
    },
    checkIndex: () => 10,
  },
  {
    id: "dhl-express-10",
    slug: "dhl",
    make: (r) => {
      const body = r.pick("123456789") + r.digits(8);
      return body + checkChar(mod7(body, 0, 9));
    },
    checkIndex: last,
  },
  {
    id: "dhl-express-11",
    slug: "dhl",
    make: (r) => {
      const body = r.pick("123456789") + r.digits(9);
      return body + checkChar(mod7(body, 0, 10));
    },
    checkIndex: last,
  },
  { id: "dhl-express-piece", slug: "dhl-pieceid", make: (r) => `JD01${r.digits(16)}` },
  {
    id: "dhl-paket-12",
    slug: "dhl-germany",
    make: (r) => {
      const body = r.digits(11);
      return body + checkChar(dhlIdentcode(body, 0, 11));
    },
    checkIndex: last,
  },
  {
    id: "dhl-paket-sscc",
    slug: "dhl-germany",
    make: (r) => {
      const body = pickString(r, ["00340434", "00340433"]) + r.digits(11);
      return body + checkChar(gs1Mod10(body, 0, 19));
    },
    checkIndex: last,
  },
  { id: "dhl-paket-jjd", slug: "dhl-germany", make: (r) => `JJD${r.digits(13)}` },
  { id: "dhl-ecommerce", slug: "dhl-global-mail", make: (r) => `GM${r.digits(16 + r.int(5))}` },
  {
    id: "canada-post-16",
    slug: "canada-post",
    make: (r) => {
      const body = r.digits(15);
      return body + checkChar(gs1Mod10(body, 0, 15));
    },
    checkIndex: last,
  },
  {
    id: "purolator-12",
    slug: "purolator",
    make: (r) => {
      const body = r.pick("012345") + r.digits(10);
      return body + checkChar(luhn(body, 0, 11));
    },
    checkIndex: last,
  },
  { id: "purolator-alpha", slug: "purolator", make: (r) => r.letters(3) + r.digits(9) },
  {
    id: "ontrac",
    slug: "ontrac",
    make: (r) => {
      const body = r.pick("CD") + r.digits(13);
      return body + checkChar(upsMod10(body, 0, 14));
    },
    checkIndex: last,
  },
  {
    id: "lasership",
    slug: "lasership",
    make: (r) =>
      pickString(r, [`L${r.pick("AIEHNX")}${r.pick("123")}${r.digits(7)}`, `1LS7${r.pick("12")}${r.digits(10)}`, `1LSCX${r.chars(ALPHANUMERIC, 10)}`]),
  },
  // Amazon Logistics needs `tracking_key`; without it the keyless Amazon Shipping ranks first.
  { id: "amazon-tba", slug: "amazon", make: (r) => `TB${r.pick("ACM")}${r.digits(12)}` },
  {
    id: "old-dominion",
    slug: "old-dominion",
    make: (r) => {
      const body = pickString(r, ["777", "778", "072", "780", `80${r.digits(1)}`]) + r.digits(7);
      return body + checkChar(luhn(body, 0, 10));
    },
    checkIndex: last,
  },
  { id: "canpar", slug: "canpar", make: (r) => r.pick("CDKLSUXZ") + r.digits(21) },
  { id: "speedee", slug: "speedee", make: (r) => `SP${r.digits(18)}` },
  { id: "landmark-global", slug: "landmark-global", make: (r) => `LTN${r.digits(8)}N1` },
  { id: "yunexpress", slug: "yunexpress", make: (r) => `YT${r.digits(16)}` },
  { id: "yto", slug: "yto", make: (r) => `YT${r.digits(13)}` },
  { id: "sf-express", slug: "sf-express", make: (r) => `SF${r.digits(13)}` },
  { id: "jd-logistics", slug: "jd-express", make: (r) => `JD${r.letters(2)}${r.digits(11)}` },
  { id: "cainiao", slug: "cainiao", make: (r) => `LP${r.digits(14)}` },
  { id: "shopee-express", slug: "spx", make: (r) => `SPX${pickString(r, ["ID", "MY", "PH", "VN"])}${r.digits(12)}` },
  { id: "shopee-express-th", slug: "spx-th", make: (r) => `SPXTH${r.digits(12)}` },
  {
    id: "ninjavan",
    slug: (n) => NINJA_VAN_COUNTRIES[n.slice(2, 4)]!,
    make: (r) => `NV${pickString(r, Object.keys(NINJA_VAN_COUNTRIES))}${r.chars(ALPHANUMERIC, 10)}`,
  },
  { id: "posti-jjfi", slug: "posti", make: (r) => `JJFI${r.digits(16)}` },
  { id: "yodel", slug: "yodel", make: (r) => `${pickString(r, ["JJD", "JD"])}${r.digits(16)}` },
  {
    id: "dpd-parcel",
    slug: "dpd",
    make: (r) => {
      const body = r.digits(14);
      return body + checkChar(iso7064Mod3736(body, 0, 14));
    },
    checkIndex: last,
    checkAlphabet: ALPHANUMERIC,
  },
  {
    id: "dpd-barcode-28",
    slug: "dpd",
    make: (r) => {
      const body = r.digits(27);
      return body + checkChar(iso7064Mod3736(body, 0, 27));
    },
    checkIndex: last,
    checkAlphabet: ALPHANUMERIC,
  },
  {
    id: "gls-parcel",
    slug: "gls",
    make: (r) => {
      const body = r.digits(11);
      return body + checkChar(gs1Mod10(body, 0, 11, "", 1));
    },
    checkIndex: last,
  },
  {
    id: "hermes-de-14",
    slug: "hermes-de",
    make: (r) => {
      const body = r.digits(13);
      return body + checkChar(gs1Mod10(body, 0, 13));
    },
    checkIndex: last,
  },
  {
    id: "yamato-sagawa-12",
    slug: "taqbin-jp",
    make: (r) => {
      const body = r.digits(11);
      return body + checkChar(mod7(body, 0, 11));
    },
    checkIndex: last,
  },
  // PostNL and PostNL 3S both need the postal code; domestic PostNL comes first.
  { id: "postnl-3s", slug: "postnl", make: (r) => `3S${r.letters(4)}${r.digits(9)}` },
  { id: "colissimo", slug: "la-poste-colissimo", make: (r) => `${r.digits(1)}${r.letters(1)}${r.digits(11)}` },
  {
    id: "testing-courier",
    slug: "testing-courier",
    make: (r) => {
      let codes = "";
      const count = 1 + r.int(10);
      for (let i = 0; i < count; i++) codes += r.pick("ITODEFA") + (r.int(2) === 0 ? pickString(r, ["001", "002", "010", "011"]) : "");
      return `${codes}-${r.int(21)}-${r.digits(6 + r.int(8))}`;
    },
  },
];

/** The ids of the families the corpus draws from. */
export const CORPUS_FAMILIES: readonly string[] = FAMILIES.map((family) => family.id);

/** Whether any format with a check digit accepts the number: then it is not a wrong-check-digit number. */
function acceptedByAnyCheckDigit(n: string): boolean {
  return TRACKING_NUMBER_FORMATS.some(
    (format) => format.checkDigit !== undefined && format.lengths.includes(n.length) && format.pattern.test(n) && format.checkDigit(n),
  );
}

/**
 * The number with its check character replaced by a wrong one. Several formats share some shapes
 * (a 12-digit number is checked by FedEx, DHL Paket, GLS, Purolator and Yamato rules), so the
 * replacement is one that no check-digit format accepts; undefined when every character is taken.
 */
function withWrongCheck(random: Random, n: string, index: number, alphabet: string): string | undefined {
  const start = random.int(alphabet.length);
  for (let k = 0; k < alphabet.length; k++) {
    const char = alphabet[(start + k) % alphabet.length]!;
    if (char === n[index]) continue;
    const candidate = n.slice(0, index) + char + n.slice(index + 1);
    if (!acceptedByAnyCheckDigit(candidate)) return candidate;
  }
  return undefined;
}

/** `perFamily` valid numbers for every family and a wrong-check-digit twin for those that have a check digit. */
export function generateCorpus({ seed = 20_240_812, perFamily = 200 }: { seed?: number; perFamily?: number } = {}): Corpus {
  const random = new Random(seed);
  const valid: CorpusNumber[] = [];
  const invalid: CorpusNumber[] = [];
  for (const family of FAMILIES) {
    for (let i = 0; i < perFamily; i++) {
      const trackingNumber = family.make(random);
      const expectedSlug = typeof family.slug === "string" ? family.slug : family.slug(trackingNumber);
      valid.push({ family: family.id, trackingNumber, expectedSlug });
      if (!family.checkIndex) continue;
      const wrong = withWrongCheck(random, trackingNumber, family.checkIndex(trackingNumber), family.checkAlphabet ?? DIGITS);
      if (wrong) invalid.push({ family: family.id, trackingNumber: wrong, expectedSlug });
    }
  }
  return { valid, invalid };
}
