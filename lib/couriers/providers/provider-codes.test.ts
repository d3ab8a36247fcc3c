import { describe, expect, it } from "vitest";
import { getCourier } from "@/lib/couriers/get-courier";
import { providerCarrierCode, providerFollows, providerSlugs, slugForProviderCode } from "./provider-codes";

describe("the 17TRACK crosswalk", () => {
  it("maps the couriers merchants ship with most to 17TRACK's published keys", () => {
    const known: Record<string, string> = {
      ups: "100002",
      fedex: "100003",
      dhl: "100001",
      usps: "21051",
      "royal-mail": "11031",
      "australia-post": "1151",
      "la-poste-colissimo": "6051",
      "brazil-correios": "2151",
      cainiao: "190271",
      "dhl-germany": "7041",
      "deutsch-post": "7044",
      "dpd-uk": "100010",
      "dpd-de": "100007",
      "myhermes-uk": "100331",
      postnl: "14041",
      "canada-post": "3041",
      "japan-post": "10021",
      "china-post": "3011",
      yunexpress: "190008",
      "ups-mi": "100398",
      "hellenic-post": "7071",
      "danmark-post": "4011",
    };
    for (const [slug, code] of Object.entries(known)) expect({ slug, code: providerCarrierCode("track17", slug) }).toEqual({ slug, code });
    expect(providerCarrierCode("track17", "testing-courier")).toBeUndefined();
  });

  it("covers at least 1,000 catalogue slugs, every one of them in the catalogue", () => {
    const slugs = providerSlugs("track17");
    expect(slugs.length).toBeGreaterThanOrEqual(1_000);
    expect(slugs.filter((slug) => !getCourier(slug))).toEqual([]);
    expect(slugs.every((slug) => /^\d+$/.test(providerCarrierCode("track17", slug)!))).toBe(true);
  });

  it("reads a code back as one slug, the plain one rather than a variant", () => {
    expect(slugForProviderCode("track17", 100002)).toBe("ups");
    expect(slugForProviderCode("track17", "7041")).toBe("dhl-germany");
    expect(slugForProviderCode("track17", "100331")).toBe("myhermes-uk");
    expect(slugForProviderCode("track17", "999999999")).toBeUndefined();
  });
});

describe("the Ship24 crosswalk", () => {
  it("holds only codes checked against Ship24's documentation, and follows every courier by Ship24's own detection", () => {
    expect(providerCarrierCode("ship24", "usps")).toBe("us-post");
    expect(providerCarrierCode("ship24", "royal-mail")).toBeUndefined();
    expect(providerFollows("ship24", "royal-mail")).toBe(true);
    expect(providerFollows("ship24", "testing-courier")).toBe(false);
    // Counted: every catalogue courier but the testing ones.
    expect(providerSlugs("ship24").length).toBeGreaterThanOrEqual(1_550);
    expect(providerFollows("track17", "royal-mail")).toBe(true);
    expect(providerFollows("track17", "007ex")).toBe(false);
  });
});
