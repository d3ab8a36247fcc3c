import { describe, expect, it } from "vitest";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";

const testDb = setupTestDatabase();
let sequence = 0;
const create = (slugBody: Record<string, unknown>) => ({ slug: "testing-courier", tracking_number: `LIMIT-${Date.now()}-${++sequence}`, ...slugBody });

describe("field limits", () => {
  it.each([
    ["order_tags", { order_tags: Array.from({ length: 51 }, (_, i) => `tag-${i}`) }],
    ["shipment_tags", { shipment_tags: ["x".repeat(257)] }],
    ["custom_fields", { custom_fields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`field${i}`, "v"])) }],
    ["custom_fields", { custom_fields: { gift: "x".repeat(1025) } }],
    ["title", { title: "x".repeat(513) }],
    ["note", { note: "x".repeat(2049) }],
    ["customers", { customers: Array.from({ length: 4 }, () => ({ name: "Ana" })) }],
    ["customers.0.name", { customers: [{ name: "x".repeat(257) }] }],
  ])("refuse an oversized %s with a 4xx naming it, on 2026-07", async (field, extra) => {
    const { key } = await createTenant(testDb.db);
    const refused = await callApi("POST", "/2026-07/trackings", { key, body: create(extra) });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.meta.message).toContain(field.split(".")[0]);
  });

  it("refuses more than 10 next couriers on v4, and page numbers past 10,000", async () => {
    const { key } = await createTenant(testDb.db);
    const next_couriers = Array.from({ length: 11 }, (_, i) => ({ slug: "ups", tracking_number: `1Z${i}` }));
    const refused = await callApi("POST", "/v4/trackings", { key, body: { tracking: { ...create({}), next_couriers } } });
    expect(refused.status).toBe(400);
    expect(refused.body.meta.message).toContain("next_couriers");
    const deep = await callApi("GET", "/v4/trackings?page=10001", { key });
    expect(deep.status).toBe(400);
    expect(deep.body.meta).toMatchObject({ code: 4008 });
    expect(deep.body.meta.message).toContain("page");
    expect((await callApi("GET", "/v4/trackings?page=10000", { key })).status).toBe(200);
  });
});
