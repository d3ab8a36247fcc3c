import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { trackings } from "@/db/schema";
import { addBusinessDays, MONDAY_TO_FRIDAY } from "@/lib/edd/business-days";
import { refreshEddModel } from "@/lib/edd/get-edd-model";
import { addDays, isoWeekday } from "@/lib/edd/local-dates";
import { transitCalendar } from "@/lib/edd/transit-calendar";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";

const testDb = setupTestDatabase();

const LA = { country: "USA", state: "CA", postalCode: "90001" };
const NYC = { country: "USA", state: "NY", postalCode: "10001" };

/** `count` fedex deliveries LA → NYC picked up on weekdays from March 2024, each `transitDays` business days later. */
async function storeDeliveries(organizationId: string, count: number, transitDays: number) {
  const calendar = transitCalendar(MONDAY_TO_FRIDAY, LA, NYC);
  const rows = [];
  for (let day = "2024-03-04"; rows.length < count; day = addDays(day, 1)) {
    if (isoWeekday(day) > 5) continue;
    const id = randomBytes(16).toString("hex");
    rows.push({
      organizationId,
      id,
      trackingNumber: id,
      slug: "fedex",
      dedupeKey: id,
      title: id,
      tag: "Delivered",
      originCountryIso3: "USA",
      originState: LA.state,
      originPostalCode: LA.postalCode,
      destinationCountryIso3: "USA",
      destinationState: NYC.state,
      destinationPostalCode: NYC.postalCode,
      pickedUpAt: new Date(`${day}T17:00:00Z`),
      deliveredAt: new Date(`${addBusinessDays(day, transitDays, calendar)}T15:00:00Z`),
    });
  }
  await testDb.db.insert(trackings).values(rows);
}

const address = (countryKey: "country" | "country_region", place: typeof LA) => ({
  [countryKey]: place.country,
  state: place.state,
  postal_code: place.postalCode,
});

/** A request item LA → NYC in the version's address shape, picked up on Monday 2024-06-10. */
const item = (countryKey: "country" | "country_region", overrides: Record<string, unknown> = {}) => ({
  slug: "fedex",
  origin_address: address(countryKey, LA),
  destination_address: address(countryKey, NYC),
  pickup_time: "2024-06-10 15:00:00",
  ...overrides,
});

async function tenant(options: { realLimits?: boolean } = {}) {
  return createTenant(testDb.db, options);
}

async function expectError(promise: ReturnType<typeof callApi>, code: number, message?: string | RegExp) {
  const res = await promise;
  expect(res.body.meta.code, JSON.stringify(res.body)).toBe(code);
  if (message) expect(res.body.meta.message).toMatch(message);
  return res;
}

describe("predict-batch with no deliveries stored", () => {
  beforeAll(async () => {
    await refreshEddModel(testDb.db);
  });

  it("v4 answers with the default transit (3–7 business days, confidence_score 0) and echoes the request", async () => {
    const { key } = await tenant();
    const res = await callApi("POST", "/v4/estimated-delivery-date/predict-batch", {
      key,
      body: { estimated_delivery_dates: [item("country", { service_type_name: "FEDEX GROUND", weight: { unit: "kg", value: 2 }, package_count: 1 })] },
    });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ code: 200 });
    expect(res.body.data.estimated_delivery_dates).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        slug: "fedex",
        service_type_name: "FEDEX GROUND",
        origin_address: { country: "USA", state: "CA", city: null, postal_code: "90001", raw_location: null },
        destination_address: { country: "USA", state: "NY", city: null, postal_code: "10001", raw_location: null },
        weight: { unit: "kg", value: 2 },
        package_count: 1,
        pickup_time: "2024-06-10 15:00:00",
        estimated_pickup: null,
        estimated_delivery_date: "2024-06-17",
        confidence_score: 0,
        estimated_delivery_date_min: "2024-06-13",
        // Seven business days: Juneteenth (19 June) is a US public holiday.
        estimated_delivery_date_max: "2024-06-20",
      },
    ]);
  });
});

describe("predict-batch and predict, trained on the database's deliveries", () => {
  let own: Awaited<ReturnType<typeof tenant>>;

  beforeAll(async () => {
    own = await tenant();
    const other = await tenant();
    // Pooled: 60 two-day deliveries from another organisation; this one's own lane takes 4 days.
    await storeDeliveries(other.organization.id, 60, 2);
    await storeDeliveries(own.organization.id, 25, 4);
    await refreshEddModel(testDb.db);
  });

  it("2024-07, unversioned path: pooled lanes for an organisation without its own, with confidence_code", async () => {
    const { key } = await tenant();
    const res = await callApi("POST", "/estimated-delivery-date/predict-batch", { key, body: { estimated_delivery_dates: [item("country")] } });
    expect(res.status).toBe(200);
    expect(res.body.data.estimated_delivery_dates[0]).toMatchObject({
      origin_address: { country: "USA", state: "CA" },
      estimated_delivery_date: "2024-06-12",
      estimated_delivery_date_min: "2024-06-12",
      confidence_code: expect.any(Number),
    });
    expect(res.body.data.estimated_delivery_dates[0]).not.toHaveProperty("confidence_score");
    const versioned = await callApi("POST", "/2024-07/estimated-delivery-date/predict-batch", { key, body: { estimated_delivery_dates: [item("country")] } });
    expect(versioned.body.data.estimated_delivery_dates[0].estimated_delivery_date).toBe("2024-06-12");
  });

  it("uses the organisation's own lane when it has enough deliveries, skipping holidays", async () => {
    const res = await callApi("POST", "/tracking/2025-04/estimated-delivery-date/predict-batch", {
      key: own.key,
      body: { estimated_delivery_dates: [item("country_region"), item("country_region", { pickup_time: "2024-06-14 09:00:00" })] },
    });
    expect(res.status).toBe(200);
    const answers = res.body.data.estimated_delivery_dates;
    expect(answers.map((answer: { estimated_delivery_date: string }) => answer.estimated_delivery_date)).toEqual(["2024-06-14", "2024-06-21"]);
    expect(answers[0].origin_address).toEqual({ country_region: "USA", state: "CA", city: null, postal_code: "90001", raw_location: null });
    expect(answers[0].id).not.toBe(answers[1].id);
  });

  it("2025-04 predict answers one item as data, with the pickup computed from estimated_pickup", async () => {
    const { key } = await tenant();
    // Friday after the 18:00 cutoff, one processing day: handed over on Tuesday.
    const res = await callApi("POST", "/2025-04/estimated-delivery-date/predict", {
      key,
      body: item("country_region", {
        pickup_time: undefined,
        estimated_pickup: { order_time: "2024-06-07 19:30:00", order_processing_time: { unit: "day", value: 1 } },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      slug: "fedex",
      pickup_time: "2024-06-11 18:00:00",
      estimated_pickup: {
        order_time: "2024-06-07 19:30:00",
        order_cutoff_time: "18:00:00",
        business_days: [1, 2, 3, 4, 5],
        order_processing_time: { unit: "day", value: 1 },
        pickup_time: "2024-06-11 18:00:00",
      },
      estimated_delivery_date: "2024-06-13",
      confidence_code: expect.any(Number),
    });
    expect(res.body.data.estimated_delivery_dates).toBeUndefined();
  });
});

describe("predict errors", () => {
  const batch = (path: string, key: string, items: unknown) => callApi("POST", path, { key, body: { estimated_delivery_dates: items } });

  it("refuses more than 5 items, none, or no list (the whole batch)", async () => {
    const { key } = await tenant();
    const path = "/tracking/2025-04/estimated-delivery-date/predict-batch";
    await expectError(
      batch(
        path,
        key,
        Array.from({ length: 6 }, () => item("country_region")),
      ),
      4008,
      "The value of `estimated_delivery_dates` is invalid: at most 5 items per request, got 6.",
    );
    await expectError(batch(path, key, []), 4008, /`estimated_delivery_dates` is invalid: send at least one item/);
    await expectError(callApi("POST", path, { key, body: {} }), 4009, "`estimated_delivery_dates` is required.");
    await expectError(batch(path, key, { slug: "fedex" }), 4008, /expected an array/);
  });

  it("names the invalid item's index and field: 4009 for a missing field or pair, 4008 for a bad value", async () => {
    const { key } = await tenant();
    const path = "/estimated-delivery-date/predict-batch";
    const noState = item("country", { origin_address: { country: "USA", city: "Los Angeles" } });
    await expectError(
      batch(path, key, [item("country"), noState]),
      4009,
      /^`estimated_delivery_dates\[1\]\.origin_address\.state` is required: send state or postal_code/,
    );
    await expectError(
      batch(path, key, [item("country", { pickup_time: undefined })]),
      4009,
      /^`estimated_delivery_dates\[0\]\.pickup_time` is required: send pickup_time or estimated_pickup/,
    );
    await expectError(batch(path, key, [item("country", { slug: undefined })]), 4009, "`estimated_delivery_dates[0].slug` is required.");
    await expectError(
      batch(path, key, [item("country"), item("country"), item("country", { pickup_time: "2024-02-31 10:00:00" })]),
      4008,
      /^The value of `estimated_delivery_dates\[2\]\.pickup_time` is invalid/,
    );
    await expectError(
      batch(path, key, [item("country", { destination_address: { ...address("country", NYC), country: "US" } })]),
      4008,
      /`estimated_delivery_dates\[0\]\.destination_address\.country` is invalid/,
    );
    await expectError(
      batch(path, key, [item("country", { estimated_pickup: { order_time: "2024-06-07 10:00:00", business_days: [1, 8] } })]),
      4008,
      /`estimated_delivery_dates\[0\]\.estimated_pickup\.business_days\.1` is invalid/,
    );
    await expectError(
      batch(path, key, [item("country", { slug: "no-such-courier" })]),
      4010,
      'The value of `estimated_delivery_dates[0].slug` is invalid: no courier has the slug "no-such-courier".',
    );
  });

  it("wants each version's country key", async () => {
    const { key } = await tenant();
    await expectError(
      batch("/v4/estimated-delivery-date/predict-batch", key, [item("country_region")]),
      4009,
      "`estimated_delivery_dates[0].origin_address.country` is required.",
    );
    await expectError(
      batch("/2025-04/estimated-delivery-date/predict-batch", key, [item("country")]),
      4009,
      "`estimated_delivery_dates[0].origin_address.country_region` is required.",
    );
    await expectError(
      callApi("POST", "/2025-04/estimated-delivery-date/predict", { key, body: item("country") }),
      4009,
      "`origin_address.country_region` is required.",
    );
  });

  it("predict names fields without a prefix", async () => {
    const { key } = await tenant();
    await expectError(
      callApi("POST", "/2025-04/estimated-delivery-date/predict", { key, body: item("country_region", { slug: undefined }) }),
      4009,
      "`slug` is required.",
    );
    await expectError(
      callApi("POST", "/2025-04/estimated-delivery-date/predict", { key, body: item("country_region", { package_count: 0 }) }),
      4008,
      /`package_count` is invalid/,
    );
  });

  it("offers predict in 2025-04 only", async () => {
    const { key } = await tenant();
    await expectError(callApi("POST", "/estimated-delivery-date/predict", { key, body: item("country") }), 404);
    await expectError(callApi("POST", "/v4/estimated-delivery-date/predict", { key, body: item("country") }), 404);
  });

  it("answers 401 without a key or with a bad one", async () => {
    await expectError(callApi("POST", "/estimated-delivery-date/predict-batch", { body: { estimated_delivery_dates: [item("country")] } }), 401);
    await expectError(callApi("POST", "/2025-04/estimated-delivery-date/predict", { key: "bad", body: item("country_region") }), 401);
  });
});

describe("predict rate limits", () => {
  it("predict 5/s and predict-batch 20/s per version; v4 under its GET-only limit", async () => {
    const { key } = await tenant({ realLimits: true });
    const limitOf = async (path: string, body: unknown) => (await callApi("POST", path, { key, body })).headers.get("x-ratelimit-limit");
    const batchBody = (countryKey: "country" | "country_region") => ({ estimated_delivery_dates: [item(countryKey)] });
    expect(await limitOf("/2025-04/estimated-delivery-date/predict", item("country_region"))).toBe("5");
    expect(await limitOf("/2025-04/estimated-delivery-date/predict-batch", batchBody("country_region"))).toBe("20");
    expect(await limitOf("/estimated-delivery-date/predict-batch", batchBody("country"))).toBe("20");
    const v4 = await callApi("POST", "/v4/estimated-delivery-date/predict-batch", { key, body: batchBody("country") });
    expect(v4.headers.get("x-ratelimit-limit")).toBe("10");
    expect(v4.headers.get("x-ratelimit-remaining")).toBe("10");
  });
});
