import { describe, expect, it } from "vitest";
import { CORPUS_FAMILIES, generateCorpus } from "@/testing/couriers/corpus";
import { detectCouriers, scoreCandidate } from "./detect-courier";
import { getCourier } from "./get-courier";
import type { DetectionInput } from "./types";

const slugs = (input: DetectionInput | string) =>
  detectCouriers(typeof input === "string" ? { trackingNumber: input } : input).map((candidate) => candidate.courier.slug);
const first = (input: DetectionInput | string) => slugs(input)[0];

describe("detectCouriers on published numbers", () => {
  it.each([
    ["1Z5R89390357567127", "ups"],
    ["1Z023E2X0214323462", "ups"],
    ["K1506235620", "ups"],
    ["986578788855", "fedex"],
    ["399368623212", "fedex"],
    ["122816215025810", "fedex"],
    ["02399989320920003663", "fedex"],
    ["9611020987654312345672", "fedex"],
    ["1001921334250001000300779017972697", "fedex"],
    ["32971514560102447849175802862014", "fedex"],
    ["9400111206206406260787", "usps"],
    ["9400109104250532908587", "usps"],
    ["420787459400111206206406260787", "usps"],
    ["4201028200009261290113185417468510", "usps"],
    ["03071790000523483741", "usps"],
    ["71969010756003077385", "usps"],
    ["RB123456785US", "usps"],
    ["3318810025", "dhl"],
    ["73891051146", "dhl"],
    ["JD014600002266382340", "dhl-pieceid"],
    ["470800204932", "dhl-germany"],
    ["00340433836442636597", "dhl-germany"],
    ["GM2951173225174494", "dhl-global-mail"],
    ["0073938000549297", "canada-post"],
    ["320595463938", "purolator"],
    ["C11031500001879", "ontrac"],
    ["D10011354453707", "ontrac"],
    ["LX17635036", "lasership"],
    ["07209562763", "old-dominion"],
    ["09980000020033F", "dpd"],
    ["008182709980000020033350276C", "dpd"],
    ["09133131530724", "hermes-de"],
    ["FQ087430672GB", "royal-mail"],
    ["RB123456785GB", "royal-mail"],
    ["JJD0002257639032011", "yodel"],
    ["YT2229521272164446", "yunexpress"],
    ["LTN74207623N1", "landmark-global"],
    ["SP029692510000920746", "speedee"],
    ["D576002440000001718010", "canpar"],
    ["3SDEVC2260332157", "postnl"],
    ["ITOD-1-6436426452526", "testing-courier"],
  ])("%s → %s", (trackingNumber, slug) => {
    expect(first(trackingNumber)).toBe(slug);
  });

  it("marks check-digit matches as verified and pattern matches as not", () => {
    expect(detectCouriers({ trackingNumber: "1Z5R89390357567127" })[0]).toMatchObject({ checksumVerified: true });
    expect(detectCouriers({ trackingNumber: "LX17635036" })[0]).toMatchObject({ checksumVerified: false });
    expect(detectCouriers({ trackingNumber: "ITOD-1-6436426452526" })[0]).toMatchObject({ checksumVerified: false });
  });

  it("returns every matching courier, not just the first", () => {
    // 201298452277 is a DHL Paket number (paketda.de) whose last digit also satisfies FedEx and GLS.
    const candidates = detectCouriers({ trackingNumber: "201298452277" });
    expect(candidates.map((candidate) => candidate.courier.slug)).toEqual(expect.arrayContaining(["fedex", "dhl-germany", "gls"]));
    expect(candidates.every((candidate) => candidate.checksumVerified)).toBe(true);
    const scores = candidates.map((candidate) => candidate.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("returns no courier for a published number with a wrong check digit", () => {
    for (const n of [
      "1Z5R89390357567128",
      "3318810010",
      "0073938000549292",
      "7035114477138471",
      "9434611206206407667131",
      "4201028200009261290113185417468511",
      "K1506235622",
      "C11031500001889",
      "RB123456786US",
      "09980000020033D",
      "9622001560001234567100794808390595",
    ]) {
      expect(detectCouriers({ trackingNumber: n }), n).toEqual([]);
    }
  });

  it("returns nothing for unknown shapes, unknown S10 countries and placeholders", () => {
    for (const n of ["", "HELLO", "1234", "RB123456785XX", "000000000000", "1111111111", "ABC_123/456"]) {
      expect(detectCouriers({ trackingNumber: n }), n).toEqual([]);
    }
  });

  it("reads numbers with spaces, hyphens and lower case", () => {
    expect(first(" 1z5r 8939 0357 5671 27 ")).toBe("ups");
    expect(first("9400 1112 0620 6406 2607 87")).toBe("usps");
    expect(first("1LS7119013618127-1")).toBe("lasership");
    expect(slugs("1234-5678-9013")).toContain("taqbin-jp");
  });
});

describe("the testing courier's grammar", () => {
  it.each(["ITOD-1-6436426452526", "I-1-234567654654", "I001T001E010E011-1-643642", "ITD-0-12345678", "ITAD-20-1", "itfd-5-99"])("accepts %s", (n) => {
    expect(slugs(n)).toEqual(["testing-courier"]);
  });

  it.each([
    "ITODITODITO-1-123", // 11 status codes
    "ITOD-21-123", // interval above 20
    "ITOD-01-123",
    "IXOD-1-123", // X is no status
    "ITOD-1-", // no digits
    "ITOD1-123",
    "I01-1-123", // subtags have 3 digits
  ])("rejects %s", (n) => {
    expect(slugs(n)).not.toContain("testing-courier");
  });
});

describe("ranking", () => {
  it("keeps only the slugs the caller lists", () => {
    expect(slugs({ trackingNumber: "986578788855", slugs: ["fedex-uk"] })).toEqual(["fedex-uk"]);
    expect(slugs({ trackingNumber: "986578788855", slugs: ["ups"] })).toEqual([]);
    expect(slugs({ trackingNumber: "986578788855", slugs: [] })).toEqual(["fedex", "fedex-uk"]);
  });

  it("keeps only the members of the slug group", () => {
    expect(slugs({ trackingNumber: "09980000020033F", slugGroup: "dpd-group" })).toContain("dpd-de");
    expect(slugs({ trackingNumber: "09980000020033F", slugGroup: "gls-group" })).toEqual([]);
    expect(slugs({ trackingNumber: "201298452277", slugGroup: "gls-group" })[0]).toBe("gls");
    expect(slugs({ trackingNumber: "201298452277", slugGroup: "dhl-group" })).toEqual(["dhl-germany"]);
  });

  it("puts the organisation's preferred couriers first, in their order", () => {
    expect(slugs({ trackingNumber: "201298452277", preferredSlugs: ["ups", "gls", "dhl-germany"] }).slice(0, 2)).toEqual(["gls", "dhl-germany"]);
    expect(slugs({ trackingNumber: "201298452277", preferredSlugs: ["dhl-germany", "gls"] }).slice(0, 2)).toEqual(["dhl-germany", "gls"]);
  });

  it("ranks check-digit matches above pattern matches, below preferred couriers", () => {
    const input: DetectionInput = { trackingNumber: "X", preferredSlugs: ["lasership"] };
    const verified = { checksumVerified: true, specificity: 0, priority: 0, rank: 5 };
    const patternOnly = { checksumVerified: false, specificity: 9, priority: 99, rank: 0 };
    expect(scoreCandidate({ trackingNumber: "X" }, getCourier("fedex")!, verified)).toBeGreaterThan(
      scoreCandidate({ trackingNumber: "X" }, getCourier("lasership")!, patternOnly),
    );
    expect(scoreCandidate(input, getCourier("lasership")!, patternOnly)).toBeGreaterThan(scoreCandidate(input, getCourier("fedex")!, verified));
  });

  it("ranks couriers serving the origin country higher", () => {
    expect(first({ trackingNumber: "986578788855" })).toBe("fedex");
    expect(first({ trackingNumber: "986578788855", originCountryIso3: "GBR" })).toBe("fedex-uk");
    expect(first({ trackingNumber: "986578788855", originCountryIso3: "USA" })).toBe("fedex");
    expect(first({ trackingNumber: "09980000020033F", originCountryIso3: "DEU" })).toBe("dpd-de");
    expect(first({ trackingNumber: "09980000020033F", originCountryIso3: "POL" })).toBe("dpd-poland");
    expect(first({ trackingNumber: "201298452277", originCountryIso3: "DEU" })).toBe("dhl-germany");
  });

  it("uses the destination country: its post also tracks S10 items, below the issuer", () => {
    expect(slugs({ trackingNumber: "RB123456785CN", destinationCountryIso3: "USA" })).toEqual(["china-post", "china-ems", "usps"]);
    expect(first({ trackingNumber: "EB123456785CN" })).toBe("china-ems");
    expect(first({ trackingNumber: "201298452277", destinationCountryIso3: "ITA" })).toBe("gls-italy");
  });

  it("ranks couriers whose required fields were supplied above those missing them", () => {
    expect(first("TBA000000000000")).toBe("amazon");
    expect(first({ trackingNumber: "TBA000000000000", additionalFields: { tracking_key: "k" } })).toBe("amazon-logistics");
    expect(first({ trackingNumber: "201298452277", slugGroup: "gls-group", originCountryIso3: "NLD" })).toBe("gls");
    expect(
      first({
        trackingNumber: "201298452277",
        slugGroup: "gls-group",
        originCountryIso3: "NLD",
        additionalFields: { tracking_postal_code: "1012 AB" },
      }),
    ).toBe("gls-netherlands");
  });
});

describe("detectCouriers on the generated corpus", () => {
  const corpus = generateCorpus({ perFamily: 300 });

  it("ranks the right courier first for at least 95% of valid numbers", () => {
    const right = corpus.valid.filter((entry) => first(entry.trackingNumber) === entry.expectedSlug).length;
    const rightFirstPct = (100 * right) / corpus.valid.length;
    expect(rightFirstPct).toBeGreaterThanOrEqual(95);
  });

  it("finds the right courier among the candidates for every valid number", () => {
    const missed = corpus.valid.filter((entry) => !slugs(entry.trackingNumber).includes(entry.expectedSlug));
    expect(missed).toEqual([]);
  });

  it("returns no courier for any number with a wrong check digit", () => {
    expect(corpus.invalid.length).toBeGreaterThan(5_000);
    const matched = corpus.invalid.filter((entry) => detectCouriers({ trackingNumber: entry.trackingNumber }).length > 0);
    expect(matched).toEqual([]);
  });

  it("is deterministic and covers every family", () => {
    expect(generateCorpus({ perFamily: 5 })).toEqual(generateCorpus({ perFamily: 5 }));
    expect(new Set(corpus.valid.map((entry) => entry.family))).toEqual(new Set(CORPUS_FAMILIES));
  });

  it("is fast enough for the request path", () => {
    const numbers = corpus.valid.map((entry) => entry.trackingNumber);
    const started = performance.now();
    for (const trackingNumber of numbers) detectCouriers({ trackingNumber });
    const perSecond = numbers.length / ((performance.now() - started) / 1000);
    // The benchmark measures the real figure; this only catches an accidental slow path.
    expect(perSecond).toBeGreaterThan(10_000);
  });
});
