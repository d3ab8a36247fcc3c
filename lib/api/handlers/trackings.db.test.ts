import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { trackings } from "@/db/schema";
import { revokeApiKey } from "@/lib/accounts/revoke-api-key";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";

const testDb = setupTestDatabase();

let sequence = 0;
/** A fresh testing-courier number per call: trackings never collide between tests. */
const testingNumber = (codes = "ITOD") => `${codes}-1-${Date.now()}${++sequence}`;

async function tenant(preferredCouriers: string[] = []) {
  return createTenant(testDb.db, { preferredCouriers });
}

describe("POST /trackings", () => {
  it("v4 creates a wrapped tracking that starts Pending (201)", async () => {
    const { key } = await tenant();
    const number = testingNumber();
    const res = await callApi("POST", "/v4/trackings", {
      key,
      body: { tracking: { tracking_number: number, slug: "testing-courier", emails: ["jo@example.com"], order_date: "2021-07-26T11:23:51-05:00" } },
    });
    expect(res.status).toBe(201);
    expect(res.body.meta).toEqual({ code: 201 });
    const tracking = res.body.data.tracking;
    expect(tracking).toMatchObject({
      tracking_number: number,
      slug: "testing-courier",
      tag: "Pending",
      subtag: "Pending_001",
      subtag_message: "Pending",
      active: true,
      title: number,
      tracked_count: 0,
      source: "api",
      checkpoints: [],
      emails: ["jo@example.com"],
      order_date: "2021-07-26T11:23:51-05:00",
      delivery_time: 0,
    });
    expect(tracking.id).toMatch(/^[0-9a-f]{32}$/);
    expect(tracking.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(tracking).toHaveProperty("courier_tracking_link");
    expect(tracking).toHaveProperty("waybill_estimated_delivery_date");
    expect(tracking).toHaveProperty("on_time_status");
  });

  it("2024-07 and 2025-04 create unwrapped trackings", async () => {
    const { key } = await tenant();
    const flat = await callApi("POST", "/tracking/2024-07/trackings", {
      key,
      body: { tracking_number: testingNumber(), slug: "testing-courier", smses: ["+18555072509"] },
    });
    expect(flat.status).toBe(201);
    expect(flat.body.data).toMatchObject({ slug: "testing-courier", smses: ["+18555072509"], tag: "Pending" });
    expect(flat.body.data.tracking).toBeUndefined();

    const modern = await callApi("POST", "/tracking/2025-04/trackings", {
      key,
      body: {
        id: "order-1234-shipment-1",
        tracking_number: testingNumber(),
        slug: "testing-courier",
        origin_country_region: "usa",
        customers: [{ name: "Jo", email: "jo@example.com", phone_number: "+18555072509", language: "en" }],
      },
    });
    expect(modern.status).toBe(201);
    expect(modern.body.data).toMatchObject({
      id: "order-1234-shipment-1",
      origin_country_region: "USA",
      customers: [{ name: "Jo", email: "jo@example.com", phone_number: "+18555072509", language: "en", role: null }],
    });
    expect(modern.body.data).not.toHaveProperty("emails");
    expect(modern.body.data).not.toHaveProperty("origin_country_iso3");
  });

  it("detects the courier when no slug is given", async () => {
    const { key } = await tenant();
    const res = await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: "1Z999AA10123456784" } });
    expect(res.status).toBe(201);
    expect(res.body.data.slug).toBe("ups");
  });

  it("refuses what the compatible API refuses, with its codes", async () => {
    const { key } = await tenant();
    const cases: Array<[string, unknown, number]> = [
      ["/v4/trackings", { title: "no wrapper" }, 4006],
      ["/v4/trackings", { tracking: {} }, 4007],
      ["/2024-07/trackings", { tracking_number: "   ", slug: "testing-courier" }, 4007],
      ["/2024-07/trackings", { tracking_number: "ab" }, 4017],
      ["/2024-07/trackings", { tracking_number: "12345678 9!" }, 4017],
      ["/2024-07/trackings", { tracking_number: 12345678 }, 4005],
      ["/2024-07/trackings", { tracking_number: "12345678", slug: "no-such-courier" }, 4010],
      ["/2024-07/trackings", { tracking_number: "ZZZZZZZZZZZZ" }, 4012],
      ["/2024-07/trackings", { tracking_number: "3SABCD1234567", slug: "postnl-3s" }, 4011],
      ["/2024-07/trackings", { tracking_number: testingNumber(), slug: "testing-courier", emails: ["not an address"] }, 4008],
      ["/2024-07/trackings", { tracking_number: testingNumber(), slug: "testing-courier", smses: ["12345"] }, 4008],
      ["/2024-07/trackings", { tracking_number: testingNumber(), slug: "testing-courier", emails: ["a@x.io", "b@x.io", "c@x.io", "d@x.io"] }, 4008],
      ["/2024-07/trackings", { tracking_number: testingNumber(), slug: "testing-courier", delivery_type: "teleport" }, 4008],
      ["/2024-07/trackings", { tracking_number: testingNumber(), slug: "testing-courier", title: 42 }, 4008],
      ["/2024-07/trackings", { tracking_number: testingNumber(), slug_group: "no-group" }, 4008],
      ["/2025-04/trackings", { tracking_number: testingNumber(), slug: "testing-courier", id: "x".repeat(129) }, 4015],
    ];
    for (const [path, body, code] of cases) {
      const res = await callApi("POST", path, { key, body });
      expect({ path, body, code: res.body.meta.code, type: res.body.meta.type }).toEqual({ path, body, code, type: "BadRequest" });
      expect(res.status).toBe(400);
      expect(res.body.meta.message).toEqual(expect.any(String));
    }
  });

  it("names the missing required field (4011) in each version's words", async () => {
    const { key } = await tenant();
    const legacy = await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: "3SABCD1234567", slug: "postnl-3s" } });
    expect(legacy.body.meta.message).toContain("also required: tracking_postal_code");
    const modern = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: "3SABCD1234567", slug: "postnl-3s" } });
    expect(modern.body.meta.message).toContain("destination_postal_code");
    const ok = await callApi("POST", "/2025-04/trackings", {
      key,
      body: { tracking_number: "3SABCD1234567", slug: "postnl-3s", destination_postal_code: "46970" },
    });
    expect(ok.status).toBe(201);
  });

  it("rejects a duplicate with 4003 and echoes the existing tracking", async () => {
    const { key } = await tenant();
    const number = testingNumber();
    const first = await callApi("POST", "/v4/trackings", { key, body: { tracking: { tracking_number: number, slug: "testing-courier" } } });
    const again = await callApi("POST", "/v4/trackings", { key, body: { tracking: { tracking_number: number, slug: "testing-courier" } } });
    expect(again.status).toBe(400);
    expect(again.body.meta.code).toBe(4003);
    expect(again.body.data.tracking).toMatchObject({ id: first.body.data.tracking.id, slug: "testing-courier", tracking_number: number });
    // The same number with other additional fields is another shipment.
    const other = await callApi("POST", "/2024-07/trackings", {
      key,
      body: { tracking_number: number, slug: "testing-courier", tracking_postal_code: "10001" },
    });
    expect(other.status).toBe(201);
  });

  it("v4 echoes the tracking sent in the error's data", async () => {
    const { key } = await tenant();
    const payload = { slug: "dhl", tracking_number: "62541256321!" };
    const bad = await callApi("POST", "/v4/trackings", { key, body: { tracking: payload } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ meta: { code: 4017, type: "BadRequest" }, data: { tracking: payload } });
    const unwrapped = await callApi("POST", "/v4/trackings", { key, body: { title: "no wrapper" } });
    expect(unwrapped.body.meta.code).toBe(4006);
    expect(unwrapped.body.data).toEqual({});
    const flat = await callApi("POST", "/2024-07/trackings", { key, body: payload });
    expect(flat.body.meta.code).toBe(4017);
    expect(flat.body.data).toEqual({});
    // Recorded: updating a missing tracking answers 4004 with the request body.
    const missing = await callApi("PUT", "/v4/trackings/0123456789abcdef0123456789abcdef", { key, body: { tracking: { title: "new title" } } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      meta: { code: 4004, message: "Tracking does not exist.", type: "NotFound" },
      data: { tracking: { title: "new title" } },
    });
  });

  it("lets the same number exist in two organisations", async () => {
    const a = await tenant();
    const b = await tenant();
    const number = testingNumber();
    for (const { key } of [a, b]) {
      const res = await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: number, slug: "testing-courier" } });
      expect(res.status).toBe(201);
    }
  });

  it("detects only among the preferred couriers when the organisation keeps a list", async () => {
    const { key } = await tenant(["fedex"]);
    const res = await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: "1Z999AA10123456784" } });
    expect(res.body.meta.code).toBe(4012);
    expect(res.body.meta.message).toContain("ups");
  });
});

describe("GET /trackings/:id and /trackings/:slug/:tracking_number", () => {
  it("reads a tracking both ways, with fields", async () => {
    const { key } = await tenant();
    const number = testingNumber();
    const created = await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: number, slug: "testing-courier", title: "Order 1" } });
    const id = created.body.data.id;
    const byId = await callApi("GET", `/v4/trackings/${id}`, { key });
    expect(byId.status).toBe(200);
    expect(byId.body.data.tracking.title).toBe("Order 1");
    const bySlug = await callApi("GET", `/2024-07/trackings/testing-courier/${number}?fields=title,tag`, { key });
    expect(bySlug.body.data).toEqual({ id, title: "Order 1", tag: "Pending" });
    const modern = await callApi("GET", `/2025-04/trackings/${id}`, { key });
    expect(modern.body.data.id).toBe(id);
  });

  it("finds slug/number trackings through their additional fields", async () => {
    const { key } = await tenant();
    await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: "3SABCD7654321", slug: "postnl-3s", tracking_postal_code: "1234AB" } });
    const missing = await callApi("GET", "/v4/trackings/postnl-3s/3SABCD7654321", { key });
    expect(missing.body.meta.code).toBe(4009);
    const found = await callApi("GET", "/v4/trackings/postnl-3s/3SABCD7654321?tracking_postal_code=1234AB", { key });
    expect(found.status).toBe(200);
    expect(found.body.data.tracking.tracking_postal_code).toBe("1234AB");
  });

  it("answers 4004 for unknown trackings and for another tenant's", async () => {
    const owner = await tenant();
    const stranger = await tenant();
    const created = await callApi("POST", "/2025-04/trackings", { key: owner.key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    for (const path of [`/2025-04/trackings/${created.body.data.id}`, "/2025-04/trackings/0123456789abcdef0123456789abcdef"]) {
      const res = await callApi("GET", path, { key: stranger.key });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ meta: { code: 4004, message: "Tracking does not exist.", type: "NotFound" }, data: {} });
    }
    const put = await callApi("PUT", `/2025-04/trackings/${created.body.data.id}`, { key: stranger.key, body: { title: "mine now" } });
    expect(put.status).toBe(404);
    const del = await callApi("DELETE", `/2025-04/trackings/${created.body.data.id}`, { key: stranger.key });
    expect(del.status).toBe(404);
    const still = await callApi("GET", `/2025-04/trackings/${created.body.data.id}`, { key: owner.key });
    expect(still.body.data.title).not.toBe("mine now");
  });

  it("offers no slug/number form in 2025-04", async () => {
    const { key } = await tenant();
    const res = await callApi("GET", "/2025-04/trackings/testing-courier/ITOD-1-1", { key });
    expect(res.status).toBe(404);
  });
});

describe("PUT /trackings", () => {
  it("updates fields, clears contacts with [] and the note with an empty string", async () => {
    const { key } = await tenant();
    const created = await callApi("POST", "/2024-07/trackings", {
      key,
      body: { tracking_number: testingNumber(), slug: "testing-courier", emails: ["a@example.com"], note: "fragile" },
    });
    const id = created.body.data.id;
    const res = await callApi("PUT", `/2024-07/trackings/${id}`, { key, body: { title: "New title", emails: [], note: "", custom_fields: { gift: "yes" } } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: "New title", emails: [], note: null, custom_fields: { gift: "yes" } });
    const v4 = await callApi("PUT", `/v4/trackings/${id}`, { key, body: { tracking: { order_id: "#1001" } } });
    expect(v4.body.data.tracking.order_id).toBe("#1001");
    const modern = await callApi("PUT", `/2025-04/trackings/${id}`, { key, body: { destination_country_region: "DEU" } });
    expect(modern.body.data.destination_country_region).toBe("DEU");
  });

  it("corrects the courier by slug/number and starts the tracking over", async () => {
    const { key } = await tenant();
    const number = "1Z999AA10123456784";
    await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: number, slug: "fedex" } });
    const res = await callApi("PUT", `/v4/trackings/fedex/${number}`, { key, body: { tracking: { slug: "ups" } } });
    expect(res.status).toBe(200);
    expect(res.body.data.tracking).toMatchObject({ slug: "ups", tag: "Pending", active: true });
    const bad = await callApi("PUT", `/v4/trackings/ups/${number}`, { key, body: { tracking: { slug: "postnl-3s" } } });
    expect(bad.body.meta.code).toBe(4011);
    const unknown = await callApi("PUT", `/v4/trackings/ups/${number}`, { key, body: { tracking: { slug: "nope" } } });
    expect(unknown.body.meta.code).toBe(4010);
  });

  it("rejects bad values by name and unknown trackings with 4004", async () => {
    const { key } = await tenant();
    const created = await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    const bad = await callApi("PUT", `/2024-07/trackings/${created.body.data.id}`, { key, body: { smses: ["+1 (555) not"] } });
    expect(bad.body.meta.code).toBe(4008);
    expect(bad.body.meta.message).toContain("+1 (555) not");
    const missing = await callApi("PUT", "/2024-07/trackings/nope", { key, body: { title: "x" } });
    expect(missing.body.meta.code).toBe(4004);
  });
});

describe("DELETE, retrack and mark-as-completed", () => {
  it("mark-as-completed ends the tracking with a user checkpoint", async () => {
    const { key } = await tenant();
    const created = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    const id = created.body.data.id;
    const res = await callApi("POST", `/2025-04/trackings/${id}/mark-as-completed`, { key, body: { reason: "LOST", event_datetime: "2024-05-01T10:00:00" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ tag: "Exception", subtag: "Exception_013", subtag_message: "Shipment lost", active: false });
    expect(res.body.data.checkpoints).toHaveLength(1);
    expect(res.body.data.checkpoints[0]).toMatchObject({ source: "user", subtag: "Exception_013", checkpoint_time: "2024-05-01T10:00:00" });
    const invalid = await callApi("POST", `/2025-04/trackings/${id}/mark-as-completed`, { key, body: { reason: "STOLEN" } });
    expect(invalid.body.meta.code).toBe(4008);
    const missing = await callApi("POST", `/2025-04/trackings/${id}/mark-as-completed`, { key, body: {} });
    expect(missing.body.meta.code).toBe(4009);
  });

  it("v4 marks as completed by slug/number with an unwrapped reason", async () => {
    const { key } = await tenant();
    const number = testingNumber();
    await callApi("POST", "/v4/trackings", { key, body: { tracking: { tracking_number: number, slug: "testing-courier" } } });
    const res = await callApi("POST", `/v4/trackings/testing-courier/${number}/mark-as-completed`, { key, body: { reason: "DELIVERED" } });
    expect(res.body.data.tracking).toMatchObject({ tag: "Delivered", subtag: "Delivered_001", active: false });
  });

  it("retracks only inactive trackings, at most three times", async () => {
    const { key } = await tenant();
    const created = await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    const id = created.body.data.id;
    const active = await callApi("POST", `/2024-07/trackings/${id}/retrack`, { key });
    expect(active.body.meta.code).toBe(4013);
    for (let round = 1; round <= 3; round++) {
      await callApi("POST", `/2024-07/trackings/${id}/mark-as-completed`, { key, body: { reason: "RETURNED_TO_SENDER" } });
      const retracked = await callApi("POST", `/2024-07/trackings/${id}/retrack`, { key });
      expect(retracked.status).toBe(200);
      expect(retracked.body.data.active).toBe(true);
    }
    await callApi("POST", `/2024-07/trackings/${id}/mark-as-completed`, { key, body: { reason: "DELIVERED" } });
    const fourth = await callApi("POST", `/2024-07/trackings/${id}/retrack`, { key });
    expect(fourth.body.meta.code).toBe(4016);
  });

  it("v4 retrack and delete answer with the partial tracking", async () => {
    const { key } = await tenant();
    const number = testingNumber();
    const created = await callApi("POST", "/v4/trackings", { key, body: { tracking: { tracking_number: number, slug: "testing-courier" } } });
    const id = created.body.data.tracking.id;
    await callApi("POST", `/v4/trackings/${id}/mark-as-completed`, { key, body: { reason: "DELIVERED" } });
    const retracked = await callApi("POST", `/v4/trackings/testing-courier/${number}/retrack`, { key });
    expect(retracked.body.data.tracking).toMatchObject({ id, slug: "testing-courier", tracking_number: number, active: true });
    expect(retracked.body.data.tracking).not.toHaveProperty("checkpoints");
    const deleted = await callApi("DELETE", `/v4/trackings/${id}`, { key });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.tracking).toEqual(expect.objectContaining({ id, tracking_number: number, slug: "testing-courier", tracking_postal_code: null }));
    const gone = await callApi("GET", `/v4/trackings/${id}`, { key });
    expect(gone.body.meta.code).toBe(4004);
  });

  it("2025-04 delete returns the full tracking", async () => {
    const { key } = await tenant();
    const created = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    const deleted = await callApi("DELETE", `/2025-04/trackings/${created.body.data.id}`, { key });
    expect(deleted.body.data).toMatchObject({ id: created.body.data.id, tag: "Pending", checkpoints: [] });
  });
});

describe("GET /trackings (lists)", () => {
  it("pages v4 and 2024-07 lists with count and echoed filters", async () => {
    const { key } = await tenant();
    for (let i = 0; i < 5; i++) {
      await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier", title: `Order ${i}` } });
    }
    const page = await callApi("GET", "/v4/trackings?page=2&limit=2&slug=testing-courier", { key });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ page: 2, limit: 2, count: 5, slug: "testing-courier" });
    expect(page.body.data.trackings.map((t: any) => t.title)).toEqual(["Order 2", "Order 1"]);
    const flat = await callApi("GET", "/2024-07/trackings?limit=200&keyword=order%203", { key });
    expect(flat.body.data.count).toBe(1);
    expect(flat.body.data.has_next_page).toBe(false);
    expect(flat.body.data.trackings[0].title).toBe("Order 3");
  });

  it("keeps page-based pages stable while trackings are added, pinned in the database", async () => {
    const { key } = await tenant();
    const create = (title: string) =>
      callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier", title } });
    for (let i = 0; i < 6; i++) await create(`Old ${i}`);
    const titles = (page: { body: any }) => page.body.data.trackings.map((t: any) => t.title);
    const first = await callApi("GET", "/2024-07/trackings?limit=2", { key });
    await create("New 0");
    await create("New 1");
    const second = await callApi("GET", "/2024-07/trackings?page=2&limit=2", { key });
    const third = await callApi("GET", "/2024-07/trackings?limit=2&page=3", { key });
    expect([...titles(first), ...titles(second), ...titles(third)]).toEqual(["Old 5", "Old 4", "Old 3", "Old 2", "Old 1", "Old 0"]);
    expect(third.body.data.count).toBe(6);
    const again = await callApi("GET", "/2024-07/trackings?limit=2&page=1", { key });
    expect(titles(again)).toEqual(["New 1", "New 0"]);
  });

  it("filters by tag, number list, order id and time window", async () => {
    const { key } = await tenant();
    const numbers = [testingNumber(), testingNumber(), testingNumber()];
    for (const [index, number] of numbers.entries()) {
      await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: number, slug: "testing-courier", order_id: `ORD-${index}` } });
    }
    await callApi("POST", `/2024-07/trackings/testing-courier/${numbers[0]}/mark-as-completed`, { key, body: { reason: "DELIVERED" } });
    const delivered = await callApi("GET", "/2024-07/trackings?tag=Delivered", { key });
    expect(delivered.body.data.trackings.map((t: any) => t.tracking_number)).toEqual([numbers[0]]);
    const byNumbers = await callApi("GET", `/2024-07/trackings?tracking_numbers=${numbers[1]},${numbers[2]}`, { key });
    expect(byNumbers.body.data.count).toBe(2);
    const byOrder = await callApi("GET", "/2024-07/trackings?order_id=ORD-2", { key });
    expect(byOrder.body.data.trackings[0].tracking_number).toBe(numbers[2]);
    const future = await callApi(
      "GET",
      `/2024-07/trackings?created_at_min=${encodeURIComponent("2099-01-01T00:00:00+08:00")}&created_at_max=${encodeURIComponent("2099-02-01T00:00:00+08:00")}`,
      { key },
    );
    expect(future.body.data.count).toBe(0);
    await callApi("PUT", `/2024-07/trackings/testing-courier/${numbers[1]}`, { key, body: { origin_country_iso3: "DEU" } });
    await callApi("POST", "/2024-07/trackings", {
      key,
      body: { tracking_number: testingNumber(), slug: "testing-courier", shipment_tags: ["fragile", "gift"], origin_country_iso3: "FRA" },
    });
    const tagged = await callApi("GET", "/2024-07/trackings?shipment_tags=gift,none", { key });
    expect(tagged.body.data.count).toBe(1);
    const fromGermany = await callApi("GET", "/2024-07/trackings?origin=DEU,ITA", { key });
    expect(fromGermany.body.data.trackings.map((t: any) => t.tracking_number)).toEqual([numbers[1]]);
    const notReturned = await callApi("GET", "/2024-07/trackings?return_to_sender=false&updated_at_min=2020-01-01T00:00:00Z", { key });
    expect(notReturned.body.data.count).toBe(4);
    const notPickedUp = await callApi("GET", "/2024-07/trackings?transit_time=3", { key });
    expect(notPickedUp.body.data.count).toBe(0);
    for (const bad of ["tag=Lost", "limit=201", "page=0", "return_to_sender=maybe"]) {
      const res = await callApi("GET", `/2024-07/trackings?${bad}`, { key });
      expect({ bad, code: res.body.meta.code }).toEqual({ bad, code: 4008 });
    }
  });

  it("falls back to the default window for invalid time filters before 2025-01, and refuses them in 2025-04", async () => {
    const { key } = await tenant();
    await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    for (const path of ["/v4/trackings", "/2024-07/trackings"]) {
      const res = await callApi("GET", `${path}?created_at_min=yesterday&created_at_max=soon&updated_at_min=x&updated_at_max=y`, { key });
      expect(res.status).toBe(200);
      expect(res.body.data.count).toBe(1);
      const windowDays = (Date.parse(res.body.data.created_at_max) - Date.parse(res.body.data.created_at_min)) / 86_400_000;
      expect(windowDays).toBe(120);
    }
    const modern = await callApi("GET", "/2025-04/trackings?created_at_min=yesterday", { key });
    expect(modern.status).toBe(400);
    expect(modern.body.meta.code).toBe(4008);
  });

  it("walks 2025-04 cursors without skipping or repeating while trackings are added", async () => {
    const { key } = await tenant();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
      created.push(res.body.data.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await callApi("GET", `/2025-04/trackings?limit=3${cursor ? `&cursor=${cursor}` : ""}`, { key });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.trackings.map((t: any) => t.id));
      expect(res.body.data.pagination.total).toBeGreaterThanOrEqual(7);
      cursor = res.body.data.pagination.next_cursor;
      // Someone keeps creating trackings while we page.
      await callApi("POST", "/2025-04/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    } while (cursor);
    expect(seen).toEqual([...created].reverse());
    const bad = await callApi("GET", "/2025-04/trackings?cursor=garbage", { key });
    expect(bad.body.meta.code).toBe(4008);
  });

  it("keeps v4 pages stable while trackings are added", async () => {
    const { key } = await tenant();
    const created: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
      created.push(res.body.data.id);
    }
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await callApi("GET", `/v4/trackings?limit=2&page=${page}`, { key });
      seen.push(...res.body.data.trackings.map((t: any) => t.id));
      await callApi("POST", "/2024-07/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    }
    expect(seen).toEqual([...created].reverse());
  });

  it("never lists another organisation's trackings", async () => {
    const a = await tenant();
    const b = await tenant();
    await callApi("POST", "/2024-07/trackings", { key: a.key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    const res = await callApi("GET", "/2024-07/trackings", { key: b.key });
    expect(res.body.data.count).toBe(0);
  });
});

describe("v4 last checkpoint and notification contacts", () => {
  it("reads the last checkpoint, empty before any scan", async () => {
    const { key } = await tenant();
    const number = testingNumber();
    const created = await callApi("POST", "/v4/trackings", { key, body: { tracking: { tracking_number: number, slug: "testing-courier" } } });
    const id = created.body.data.tracking.id;
    const before = await callApi("GET", `/v4/last_checkpoint/${id}`, { key });
    expect(before.body.data).toMatchObject({ id, tag: "Pending", checkpoint: { message: null } });
    await callApi("POST", `/v4/trackings/${id}/mark-as-completed`, { key, body: { reason: "DELIVERED" } });
    const after = await callApi("GET", `/v4/last_checkpoint/testing-courier/${number}`, { key });
    expect(after.body.data).toMatchObject({ tag: "Delivered", checkpoint: { tag: "Delivered", subtag: "Delivered_001" } });
    // aftership@8.1.0 sends "&fields=" where "?" belongs.
    const buggy = await callApi("GET", `/v4/last_checkpoint/${id}&fields=tag,message&lang=en`, { key });
    expect(buggy.status).toBe(200);
    expect(Object.keys(buggy.body.data.checkpoint).sort()).toEqual(["message", "tag"]);
  });

  it("adds, reads and removes contacts; rejects bad ones by name", async () => {
    const { key } = await tenant();
    const number = testingNumber();
    const created = await callApi("POST", "/v4/trackings", { key, body: { tracking: { tracking_number: number, slug: "testing-courier" } } });
    const id = created.body.data.tracking.id;
    const added = await callApi("POST", `/v4/notifications/testing-courier/${number}/add`, {
      key,
      body: { notification: { emails: ["a@example.com", "b@example.com"], smses: ["+85291234567"] } },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      meta: { code: 201 },
      data: { notification: { android: [], emails: ["a@example.com", "b@example.com"], ios: [], smses: ["+85291234567"] } },
    });
    const removed = await callApi("POST", `/v4/notifications/${id}/remove`, { key, body: { notification: { emails: ["a@example.com"] } } });
    expect(removed.body.data.notification.emails).toEqual(["b@example.com"]);
    const read = await callApi("GET", `/v4/notifications/${id}`, { key });
    expect(read.body.data.notification).toMatchObject({ emails: ["b@example.com"], smses: ["+85291234567"] });
    // Contacts are never dropped silently: an invalid one is refused by name.
    const invalid = await callApi("POST", `/v4/notifications/${id}/add`, {
      key,
      body: { notification: { emails: ["c@example.com", "invalid EMail @ Gmail. com"] } },
    });
    expect(invalid.body.meta.code).toBe(4008);
    expect(invalid.body.meta.message).toContain("invalid EMail @ Gmail. com");
    expect((await callApi("GET", `/v4/notifications/${id}`, { key })).body.data.notification.emails).toEqual(["b@example.com"]);
    for (const body of [{ emails: ["c@example.com"] }, { notification: null }, { notification: ["c@example.com"] }, undefined]) {
      const noObject = await callApi("POST", `/v4/notifications/${id}/add`, { key, body });
      expect({ body, code: noObject.body.meta.code }).toEqual({ body, code: 4014 });
    }
    const someGone = await callApi("DELETE", `/v4/notifications/${id}`, { key, body: { notification: { smses: ["+85291234567"] } } });
    expect(someGone.body.data.notification).toMatchObject({ emails: ["b@example.com"], smses: [] });
    const allGone = await callApi("DELETE", `/v4/notifications/${id}`, { key });
    expect(allGone.body.data.notification).toMatchObject({ emails: [], smses: [] });
  });
});

describe("authentication on tracking endpoints", () => {
  for (const [method, path] of [
    ["GET", "/v4/trackings"],
    ["POST", "/2024-07/trackings"],
    ["GET", "/tracking/2025-04/trackings/abc"],
  ] as const) {
    it(`${method} ${path}: no key, bad key and revoked key get 401`, async () => {
      const { key, organization, apiKeyId } = await tenant();
      const none = await callApi(method, path, { body: method === "POST" ? {} : undefined });
      expect(none.status).toBe(401);
      expect(none.body.meta).toMatchObject({ code: 401, type: "Unauthorized" });
      const bad = await callApi(method, path, { key: "wb_notarealkey" });
      expect(bad.status).toBe(401);
      await revokeApiKey(testDb.db, organization.id, apiKeyId);
      const revoked = await callApi(method, path, { key });
      expect(revoked.status).toBe(401);
    });
  }

  it("accepts the key under as-api-key and aftership-api-key too", async () => {
    const { key } = await tenant();
    for (const keyHeader of ["as-api-key", "aftership-api-key"]) {
      const res = await callApi("GET", "/v4/trackings", { key, keyHeader });
      expect(res.status).toBe(200);
    }
  });
});

describe("2025-04 tracking shape and create details", () => {
  it("generates the id when the caller's id is empty or null", async () => {
    const { key } = await tenant();
    for (const id of ["", null]) {
      const res = await callApi("POST", "/2025-04/trackings", { key, body: { id, tracking_number: testingNumber(), slug: "testing-courier" } });
      expect({ id, status: res.status }).toEqual({ id, status: 201 });
      expect(res.body.data.id).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it("carries the 2025-04 fields: tracking-page links and the estimate's revise reason", async () => {
    const { key, organization } = await tenant();
    const created = await callApi("POST", "/2025-04/trackings", {
      key,
      body: { tracking_number: testingNumber(), slug: "testing-courier", order_number: "A-1001" },
    });
    expect(created.body.data).toMatchObject({
      // No public address is configured here: the link names the address the caller used.
      waybill_tracking_url: expect.stringMatching(new RegExp(`^http://waybill\\.test/t/${organization.id}/${created.body.data.id}\\.f[\\w-]{22}$`)),
      waybill_tracking_order_url: expect.stringMatching(new RegExp(`/t/${organization.id}\\?order=A-1001$`)),
      latest_estimated_delivery: null,
    });
    await testDb.db
      .update(trackings)
      .set({ expectedDelivery: "2030-01-02" })
      .where(and(eq(trackings.organizationId, organization.id), eq(trackings.id, created.body.data.id)));
    const res = await callApi("GET", `/2025-04/trackings/${created.body.data.id}`, { key });
    expect(res.body.data.latest_estimated_delivery).toEqual({
      type: "specific",
      source: "Carrier EDD",
      datetime: "2030-01-02",
      datetime_min: null,
      datetime_max: null,
      revise_reason: null,
    });
    const legacy = await callApi("GET", `/2024-07/trackings/${created.body.data.id}`, { key });
    expect(legacy.body.data.latest_estimated_delivery).not.toHaveProperty("revise_reason");
    expect(legacy.body.data).not.toHaveProperty("waybill_tracking_url");
  });

  it("names the ship-date formats 2025-04 accepts", async () => {
    const { key } = await tenant();
    const res = await callApi("POST", "/2025-04/trackings", {
      key,
      body: { tracking_number: testingNumber(), slug: "testing-courier", tracking_ship_date: "2025/01/02" },
    });
    expect(res.body.meta).toMatchObject({ code: 4008, message: expect.stringContaining("YYYY-MM-DD") });
    const ok = await callApi("POST", "/2025-04/trackings", {
      key,
      body: { tracking_number: testingNumber(), slug: "testing-courier", tracking_ship_date: "2025-01-02" },
    });
    expect(ok.body.data.tracking_ship_date).toBe("2025-01-02");
  });

  it("echoes a duplicate's additional fields under their 2025-04 names", async () => {
    const { key } = await tenant();
    const body = { tracking_number: "3SABCD7654321", slug: "postnl-3s", destination_postal_code: "46970" };
    expect((await callApi("POST", "/2025-04/trackings", { key, body })).status).toBe(201);
    const again = await callApi("POST", "/2025-04/trackings", { key, body });
    expect(again.body.meta.code).toBe(4003);
    expect(again.body.data.tracking).toMatchObject({ slug: "postnl-3s", destination_postal_code: "46970" });
    expect(again.body.data.tracking).not.toHaveProperty("tracking_postal_code");
  });
});
