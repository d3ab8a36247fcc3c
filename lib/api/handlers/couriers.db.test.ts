import { describe, expect, it } from "vitest";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";

const testDb = setupTestDatabase();
const UPS = "1Z999AA10123456784";

describe("POST /couriers/detect", () => {
  it("v4 takes a wrapped body and ranks the right courier first", async () => {
    const { key } = await createTenant(testDb.db);
    const res = await callApi("POST", "/v4/couriers/detect", { key, body: { tracking: { tracking_number: UPS } } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(res.body.data.couriers.length);
    expect(res.body.data.couriers[0]).toMatchObject({ slug: "ups", name: expect.any(String), required_fields: [] });
    expect(res.body.data.couriers[0]).toHaveProperty("service_from_country_iso3");
  });

  it("2024-07 and 2025-04 take flat bodies; 2025-04 renames fields", async () => {
    const { key } = await createTenant(testDb.db);
    const flat = await callApi("POST", "/2024-07/couriers/detect", { key, body: { tracking_number: UPS, slug: ["ups", "fedex"] } });
    expect(flat.body.data.couriers.map((courier: any) => courier.slug)).toEqual(["ups"]);
    const modern = await callApi("POST", "/tracking/2025-04/couriers/detect", { key, body: { tracking_number: UPS } });
    expect(modern.body.data.couriers[0]).toHaveProperty("service_from_country_regions");
    expect(modern.body.data.couriers[0]).not.toHaveProperty("service_from_country_iso3");
  });

  it("answers an empty list for a number no courier fits", async () => {
    const { key } = await createTenant(testDb.db);
    const res = await callApi("POST", "/2024-07/couriers/detect", { key, body: { tracking_number: "ZZZZZZZZZZZZ" } });
    expect(res.body.data).toEqual({ total: 0, couriers: [] });
  });

  it("ranks the organisation's preferred couriers first and restricts to a slug group", async () => {
    const { key } = await createTenant(testDb.db, { preferredCouriers: ["fedex"] });
    const number = "123456789012";
    const res = await callApi("POST", "/2024-07/couriers/detect", { key, body: { tracking_number: number } });
    if (res.body.data.couriers.some((courier: any) => courier.slug === "fedex")) {
      expect(res.body.data.couriers[0].slug).toBe("fedex");
    }
    const grouped = await callApi("POST", "/2024-07/couriers/detect", { key, body: { tracking_number: UPS, slug_group: "fedex-group" } });
    expect(grouped.body.data.couriers.every((courier: any) => courier.slug.startsWith("fedex"))).toBe(true);
  });

  it("refuses bad bodies with the compatible codes", async () => {
    const { key } = await createTenant(testDb.db);
    const cases: Array<[string, unknown, number]> = [
      ["/v4/couriers/detect", { tracking_number: UPS }, 4006],
      ["/2024-07/couriers/detect", {}, 4009],
      ["/2024-07/couriers/detect", { tracking_number: 42 }, 4008],
      ["/2024-07/couriers/detect", { tracking_number: UPS, slug: "nope" }, 4010],
      ["/2024-07/couriers/detect", { tracking_number: UPS, slug: "ups", slug_group: "fedex-group" }, 4008],
      ["/2025-04/couriers/detect", { tracking_number: UPS, origin_country_region: "United States" }, 4008],
      ["/v4/couriers/detect", { tracking: { tracking_number: "" } }, 4009],
      ["/2024-07/couriers/detect", { tracking_number: "  " }, 4009],
      ["/2025-04/couriers/detect", { tracking_number: "" }, 4009],
    ];
    for (const [path, body, code] of cases) {
      const res = await callApi("POST", path, { key, body });
      expect({ path, code: res.body.meta.code }).toEqual({ path, code });
    }
  });
});

describe("GET /couriers and /couriers/all", () => {
  it("lists the active couriers: the preferred list in order, or all without one", async () => {
    const chosen = await createTenant(testDb.db, { preferredCouriers: ["usps", "ups"] });
    const res = await callApi("GET", "/v4/couriers", { key: chosen.key });
    expect(res.body.data.couriers.map((courier: any) => courier.slug)).toEqual(["usps", "ups"]);
    expect(res.body.data.total).toBe(2);
    const open = await createTenant(testDb.db);
    const all = await callApi("GET", "/2024-07/couriers", { key: open.key });
    expect(all.body.data.total).toBeGreaterThanOrEqual(150);
  });

  it("lists every courier at /couriers/all (not in 2025-04)", async () => {
    const { key } = await createTenant(testDb.db, { preferredCouriers: ["ups"] });
    const res = await callApi("GET", "/2024-07/couriers/all", { key });
    expect(res.body.data.total).toBeGreaterThanOrEqual(1_500);
    expect(res.body.data.couriers).toHaveLength(res.body.data.total);
    const slugs = res.body.data.couriers.map((courier: any) => courier.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(["ups", "fedex", "usps", "dhl", "testing-courier", "royal-mail", "postnl-3s", "007ex", "myhermes-uk", "cainiao"]),
    );
    expect((await callApi("GET", "/v4/couriers/all", { key })).body.data.total).toBe(res.body.data.total);
    expect(new Set(slugs).size).toBe(slugs.length);
    const postnl = res.body.data.couriers.find((courier: any) => courier.slug === "postnl-3s");
    expect(postnl.required_fields).toContain("tracking_postal_code");
    const gone = await callApi("GET", "/2025-04/couriers/all", { key });
    expect(gone.status).toBe(404);
  });

  it("2025-04 filters by active and slug and shows credential fields", async () => {
    const { key } = await createTenant(testDb.db, { preferredCouriers: ["ups"] });
    const active = await callApi("GET", "/2025-04/couriers?active=true", { key });
    expect(active.body.data.couriers.map((courier: any) => courier.slug)).toEqual(["ups"]);
    expect(active.body.data.couriers[0].credentials.fields.length).toBeGreaterThan(0);
    const inactive = await callApi("GET", "/2025-04/couriers?active=false&slug=ups,fedex", { key });
    expect(inactive.body.data.couriers.map((courier: any) => courier.slug)).toEqual(["fedex"]);
    const postnl = await callApi("GET", "/2025-04/couriers?slug=postnl-3s", { key });
    expect(postnl.body.data.couriers[0].required_fields).toContain("destination_postal_code");
    const upper = await callApi("GET", "/2025-04/couriers?slug=UPS,FedEx", { key });
    expect(upper.body.data.couriers.map((courier: any) => courier.slug).sort()).toEqual(["fedex", "ups"]);
    const bad = await callApi("GET", "/2025-04/couriers?active=sometimes", { key });
    expect(bad.body.meta.code).toBe(4008);
  });
});
