import { describe, expect, it } from "vitest";
import { getCourier } from "@/lib/couriers/get-courier";
import { couriersInGroup, isSlugGroup, listCouriers } from "@/lib/couriers/list-couriers";
import { ADDITIONAL_FIELDS, SLUG_GROUPS } from "@/lib/couriers/types";
import { CATALOGUE } from ".";

const PLACEHOLDER = /\{([a-z_]+)\}/g;

describe("courier catalogue", () => {
  it("has the compatible API's whole list (1,555 couriers) with unique, well-formed slugs", () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(1_555);
    const slugs = CATALOGUE.map((courier) => courier.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(slugs).toEqual([...slugs].sort());
  });

  it("keeps the richer data of couriers it knew, and the long tail's names, required fields, country and website", () => {
    expect(getCourier("ups")).toMatchObject({ name: "UPS", phone: "+1 800 742 5877", trackingLinkTemplate: expect.stringContaining("{tracking_number}") });
    expect(getCourier("007ex")).toMatchObject({ name: "007EX", otherName: "", requiredFields: [], trackingLinkTemplate: null });
    expect(getCourier("apc-overnight-connum")).toMatchObject({
      name: "APC Overnight Consignment Number",
      requiredFields: ["tracking_postal_code"],
      serviceFromCountryIso3: ["GBR"],
      webUrl: "https://apc-overnight.com/",
    });
    expect(getCourier("myhermes-uk")).toMatchObject({ name: "EVRi", serviceFromCountryIso3: ["GBR"] });
  });

  it("includes the testing courier", () => {
    expect(getCourier("testing-courier")).toMatchObject({ slug: "testing-courier", name: "Testing Courier", requiredFields: [] });
  });

  it("uses only known additional fields, never one both required and optional", () => {
    for (const courier of CATALOGUE) {
      for (const field of [...courier.requiredFields, ...courier.optionalFields]) {
        expect(ADDITIONAL_FIELDS, `${courier.slug}: ${field}`).toContain(field);
      }
      for (const field of courier.requiredFields) expect(courier.optionalFields, courier.slug).not.toContain(field);
    }
  });

  it("requires the fields the compatible API requires", () => {
    const expected: Record<string, string[]> = {
      "postnl-3s": ["tracking_postal_code"],
      postnl: ["tracking_postal_code"],
      "gls-netherlands": ["tracking_postal_code"],
      "gls-spain": ["tracking_postal_code"],
      mondialrelay: ["tracking_postal_code"],
      "international-seur-api": ["tracking_ship_date"],
      "vnpost-api": ["tracking_ship_date"],
      "nacex-spain-reference": ["tracking_account_number", "tracking_key"],
      "australia-post-sftp": ["tracking_account_number"],
      "total-express": ["tracking_account_number"],
      "amazon-logistics": ["tracking_key"],
      "star-track-courier": ["tracking_state"],
      b2ceurope: ["tracking_postal_code", "tracking_destination_country"],
      dksh: ["tracking_destination_country"],
      ups: [],
      fedex: [],
      "dpd-de": [],
    };
    for (const [slug, fields] of Object.entries(expected)) expect(getCourier(slug)?.requiredFields, slug).toEqual(fields);
  });

  it("puts every slug group's members in the catalogue, and every group has members", () => {
    for (const group of SLUG_GROUPS) {
      const members = couriersInGroup(group);
      expect(members.length, group).toBeGreaterThan(0);
      for (const courier of members) expect(getCourier(courier.slug)).toBe(courier);
    }
    expect(couriersInGroup("fedex-group").map((courier) => courier.slug)).toEqual(expect.arrayContaining(["fedex", "fedex-uk", "fedex-fims", "fedex-freight"]));
    expect(couriersInGroup("dhl-group").map((courier) => courier.slug)).toEqual(expect.arrayContaining(["dhl", "dhl-global-mail", "dhl-germany"]));
    expect(couriersInGroup("dpd-group").map((courier) => courier.slug)).toContain("dpd-de");
    expect(couriersInGroup("gls-group").map((courier) => courier.slug)).toContain("gls-italy");
  });

  it("recognises slug groups", () => {
    expect(isSlugGroup("dpd-group")).toBe(true);
    expect(isSlugGroup("dpd")).toBe(false);
  });

  it("describes countries and languages consistently", () => {
    for (const courier of CATALOGUE) {
      for (const country of courier.serviceFromCountryIso3) expect(country, courier.slug).toMatch(/^[A-Z]{3}$/);
      expect(courier.supportLanguages, courier.slug).toContain(courier.defaultLanguage);
      for (const language of courier.supportLanguages) expect(language, courier.slug).toMatch(/^[a-z]{2}$/);
      if (courier.webUrl) expect(courier.webUrl, courier.slug).toMatch(/^https:\/\//);
      if (courier.phone) expect(courier.phone, courier.slug).toMatch(/^\+\d[\d ]+$/);
    }
  });

  it("writes tracking links with the tracking number and known fields only", () => {
    for (const courier of CATALOGUE) {
      const template = courier.trackingLinkTemplate;
      if (!template) continue;
      expect(template, courier.slug).toMatch(/^https:\/\//);
      // The testing courier's link is the compatible API's fixed page (compat-reference §13).
      if (courier.slug !== "testing-courier") expect(template, courier.slug).toContain("{tracking_number}");
      for (const [, name] of template.matchAll(PLACEHOLDER)) {
        expect(["tracking_number", ...ADDITIONAL_FIELDS], courier.slug).toContain(name);
      }
    }
  });

  it("lists couriers in fresh arrays", () => {
    const list = listCouriers();
    expect(list).toHaveLength(CATALOGUE.length);
    list.pop();
    expect(listCouriers()).toHaveLength(CATALOGUE.length);
    expect(getCourier("no-such-courier")).toBeUndefined();
  });
});
