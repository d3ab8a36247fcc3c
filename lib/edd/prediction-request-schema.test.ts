import { describe, expect, it } from "vitest";
import { predictBatchSchema, predictionItemSchema, toPredictionRequest } from "./prediction-request-schema";

// The recorded v4 request item (compat-reference §9).
const v4Item = {
  slug: "fedex",
  service_type_name: "FEDEX HOME DELIVERY",
  origin_address: { country: "USA", state: "WA", postal_code: "98108", raw_location: "Seattle, Washington, 98108, USA, United States", city: null },
  destination_address: { country: "USA", state: "CA", postal_code: "92019", raw_location: "El Cajon, California, 92019, USA, United States", city: null },
  weight: { unit: "kg", value: 11 },
  package_count: 1,
  pickup_time: "2021-07-01 15:00:00",
  estimated_pickup: null,
};

const v2025Item = {
  ...v4Item,
  origin_address: { country_region: "USA", state: "WA" },
  destination_address: { country_region: "USA", postal_code: "92019" },
};

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  return { path: issue.path.join("."), message: issue.message };
}

describe("prediction request schema", () => {
  it("accepts the recorded v4 item and maps it for the model", () => {
    const item = predictionItemSchema("v4").parse(v4Item);
    expect(toPredictionRequest(item)).toEqual({
      slug: "fedex",
      serviceType: "FEDEX HOME DELIVERY",
      origin: { country: "USA", state: "WA", postalCode: "98108" },
      destination: { country: "USA", state: "CA", postalCode: "92019" },
      pickupTime: "2021-07-01 15:00:00",
      estimatedPickup: null,
    });
  });

  it("names the country key by version: country up to 2024-07, country_region in 2025-04", () => {
    expect(predictionItemSchema("2024-07").safeParse(v4Item).success).toBe(true);
    expect(firstIssue(predictionItemSchema("2025-04").safeParse(v4Item)).path).toBe("origin_address.country_region");
    expect(firstIssue(predictionItemSchema("v4").safeParse(v2025Item)).path).toBe("origin_address.country");
    const item = predictionItemSchema("2025-04").parse(v2025Item);
    expect(toPredictionRequest(item).destination).toEqual({ country: "USA", state: null, postalCode: "92019" });
  });

  it("says which field is wrong", () => {
    const schema = predictionItemSchema("v4");
    expect(firstIssue(schema.safeParse({ ...v4Item, slug: undefined })).path).toBe("slug");
    expect(firstIssue(schema.safeParse({ ...v4Item, origin_address: { country: "US", state: "WA" } })).path).toBe("origin_address.country");
    expect(firstIssue(schema.safeParse({ ...v4Item, destination_address: { country: "USA", city: "El Cajon" } }))).toEqual({
      path: "destination_address.state",
      message: "state or postal_code is required",
    });
    expect(firstIssue(schema.safeParse({ ...v4Item, pickup_time: null }))).toEqual({
      path: "pickup_time",
      message: "pickup_time or estimated_pickup is required",
    });
    expect(firstIssue(schema.safeParse({ ...v4Item, pickup_time: "2021-07-01T15:00:00Z" })).path).toBe("pickup_time");
    expect(firstIssue(schema.safeParse({ ...v4Item, pickup_time: "2021-02-30 15:00:00" })).path).toBe("pickup_time");
    // No date at all: an issue, not a thrown RangeError (a 500).
    for (const pickup_time of ["", "2024-13-45", "soon"]) expect(firstIssue(schema.safeParse({ ...v4Item, pickup_time })).path).toBe("pickup_time");
    expect(firstIssue(schema.safeParse({ ...v4Item, package_count: 0 })).path).toBe("package_count");
  });

  it("checks estimated_pickup and maps it", () => {
    const schema = predictionItemSchema("v4");
    const estimated = {
      order_time: "2021-07-01 19:00:00",
      order_cutoff_time: "16:00:00",
      business_days: [1, 2, 3, 4, 5, 6],
      order_processing_time: { unit: "day", value: 2 },
    };
    const item = schema.parse({ ...v4Item, pickup_time: null, estimated_pickup: estimated });
    expect(toPredictionRequest(item).estimatedPickup).toEqual({
      orderTime: "2021-07-01 19:00:00",
      orderCutoffTime: "16:00:00",
      businessDays: [1, 2, 3, 4, 5, 6],
      orderProcessingDays: 2,
    });
    const bad = (patch: object) => firstIssue(schema.safeParse({ ...v4Item, pickup_time: null, estimated_pickup: { ...estimated, ...patch } })).path;
    expect(bad({ business_days: [0, 1] })).toBe("estimated_pickup.business_days.0");
    expect(bad({ business_days: [1, 1] })).toBe("estimated_pickup.business_days");
    expect(bad({ order_cutoff_time: "6pm" })).toBe("estimated_pickup.order_cutoff_time");
    expect(bad({ order_processing_time: { unit: "hour", value: 2 } })).toBe("estimated_pickup.order_processing_time.unit");
    expect(bad({ order_time: undefined })).toBe("estimated_pickup.order_time");
  });

  it("says which batch item is wrong, and takes at most five", () => {
    const schema = predictBatchSchema("2025-04");
    const broken = { ...v2025Item, origin_address: { country_region: "USA" } };
    expect(firstIssue(schema.safeParse({ estimated_delivery_dates: [v2025Item, broken] })).path).toBe("estimated_delivery_dates.1.origin_address.state");
    expect(schema.safeParse({ estimated_delivery_dates: Array(5).fill(v2025Item) }).success).toBe(true);
    expect(firstIssue(schema.safeParse({ estimated_delivery_dates: Array(6).fill(v2025Item) })).path).toBe("estimated_delivery_dates");
    expect(firstIssue(schema.safeParse({ estimated_delivery_dates: [] })).path).toBe("estimated_delivery_dates");
  });
});
