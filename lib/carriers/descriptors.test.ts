import { describe, expect, it } from "vitest";
import { credentialFieldsFor, DIRECT_CARRIERS, directCarrierNames } from "@/lib/carriers/descriptors";
import { CATALOGUE } from "@/lib/couriers/catalogue";
import { getCourier } from "@/lib/couriers/get-courier";

describe("carrier descriptors", () => {
  it("describe credentials consistently", () => {
    for (const courier of CATALOGUE) {
      for (const field of credentialFieldsFor(courier.slug)) {
        expect(field.type).toBe("string");
        expect(field.name, courier.slug).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
      }
    }
    const ups = credentialFieldsFor("ups");
    expect(ups.map((field) => field.name)).toEqual(["client_id", "client_secret", "account_number"]);
    expect(ups.find((field) => field.name === "client_secret")?.secret).toBe(true);
    expect(credentialFieldsFor("dhl")).toEqual([{ name: "api_key", type: "string", required: true, secret: true }]);
  });

  it("name only couriers of the catalogue, each under one carrier", () => {
    const slugs = Object.values(DIRECT_CARRIERS).flatMap((carrier) => [...carrier.slugs, ...(carrier.alsoConnectable ?? [])]);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(getCourier(slug), slug).toBeDefined();
    expect(directCarrierNames()).toHaveLength(16);
  });
});
