import { describe, expect, it } from "vitest";
import { countryAlpha2, countryIso3, countryName } from "@/lib/carriers/countries";

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
