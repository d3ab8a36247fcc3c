import { describe, expect, it } from "vitest";
import { getCourier } from "./get-courier";
import { courierTrackingLink, missingRequiredFields } from "./missing-required-fields";

const courier = (slug: string) => getCourier(slug)!;

describe("missingRequiredFields", () => {
  it("lists the required fields that were not supplied", () => {
    expect(missingRequiredFields(courier("b2ceurope"), {})).toEqual(["tracking_postal_code", "tracking_destination_country"]);
    expect(missingRequiredFields(courier("b2ceurope"), { tracking_postal_code: "1012 AB" })).toEqual(["tracking_destination_country"]);
    expect(missingRequiredFields(courier("b2ceurope"), { tracking_postal_code: "1012 AB", tracking_destination_country: "NLD" })).toEqual([]);
  });

  it("counts blank, null and undefined values as missing", () => {
    expect(missingRequiredFields(courier("postnl-3s"), { tracking_postal_code: "  " })).toEqual(["tracking_postal_code"]);
    expect(missingRequiredFields(courier("postnl-3s"), { tracking_postal_code: null })).toEqual(["tracking_postal_code"]);
    expect(missingRequiredFields(courier("international-seur-api"), { tracking_ship_date: undefined })).toEqual(["tracking_ship_date"]);
  });

  it("ignores optional and unrelated fields", () => {
    expect(missingRequiredFields(courier("ups"), {})).toEqual([]);
    expect(missingRequiredFields(courier("star-track-courier"), { tracking_postal_code: "2000" })).toEqual(["tracking_state"]);
    expect(missingRequiredFields(courier("nacex-spain-reference"), { tracking_account_number: "42" })).toEqual(["tracking_key"]);
  });
});

describe("courierTrackingLink", () => {
  it("fills in the tracking number, URL-encoded", () => {
    expect(courierTrackingLink(courier("ups"), "1Z5R89390357567127")).toBe("https://www.ups.com/track?tracknum=1Z5R89390357567127");
    expect(courierTrackingLink(courier("usps"), "9400 1112 0620")).toBe("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201112%200620");
  });

  it("fills in other fields the template names", () => {
    expect(courierTrackingLink(courier("postnl"), "3SDEVC2260332157", { tracking_postal_code: "2595 AK" })).toBe(
      "https://jouw.postnl.nl/track-and-trace/3SDEVC2260332157-NL-2595%20AK",
    );
  });

  it("is null without a template or without a field the template needs", () => {
    expect(courierTrackingLink(courier("dhl-benelux"), "123")).toBeNull();
    expect(courierTrackingLink(courier("postnl"), "3SDEVC2260332157")).toBeNull();
    expect(courierTrackingLink(courier("postnl"), "3SDEVC2260332157", { tracking_postal_code: "" })).toBeNull();
  });
});
