import { describe, expect, it } from "vitest";
import { offeredLanguages, pageLanguage } from "./page-language";

describe("the tracking page's language", () => {
  const all = offeredLanguages(undefined);

  it("follows ?lang= when the page offers it", () => {
    expect(pageLanguage(all, "it", "de")).toBe("it");
    expect(pageLanguage(offeredLanguages(["en", "fr"]), "de", null)).toBe("en");
  });

  it("takes the best offered language of Accept-Language by q-value", () => {
    expect(pageLanguage(all, null, "de-AT,de;q=0.9,en;q=0.8")).toBe("de");
    expect(pageLanguage(all, null, "ja, nl;q=0.5, fr;q=0.7")).toBe("fr");
    expect(pageLanguage(offeredLanguages(["es", "en"]), null, "de, en;q=0.1")).toBe("en");
  });

  it("falls back on the organisation's first language", () => {
    expect(pageLanguage(offeredLanguages(["nl", "en"]), null, "ja")).toBe("nl");
    expect(pageLanguage(all, "", "")).toBe("en");
    expect(offeredLanguages(["xx"])).toEqual(all);
  });
});
