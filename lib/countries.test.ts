import { describe, expect, it } from "vitest";
import { countryAlpha2, countryIso3, countryName, toAlpha2 } from "@/lib/countries";

describe("countries", () => {
  it("reads alpha-2, alpha-3 and English names", () => {
    expect(countryIso3("US")).toBe("USA");
    expect(countryIso3("de")).toBe("DEU");
    expect(countryIso3("GBR")).toBe("GBR");
    expect(countryIso3("UNITED KINGDOM")).toBe("GBR");
    expect(countryAlpha2("NLD")).toBe("NL");
    expect(countryName("DEU")).toBe("Germany");
  });

  it("answers null for what it cannot read", () => {
    expect(countryIso3("XX")).toBeNull();
    expect(countryIso3("Deutschland")).toBeNull();
    expect(countryIso3("")).toBeNull();
    expect(countryName(null)).toBeNull();
  });
});

describe("toAlpha2", () => {
  it("takes codes only, as the API and the holiday calendars need them", () => {
    expect(toAlpha2("deu")).toBe("DE");
    expect(toAlpha2("US")).toBe("US");
    expect(toAlpha2("XX")).toBeUndefined();
    expect(toAlpha2("Germany")).toBeUndefined();
  });
});
