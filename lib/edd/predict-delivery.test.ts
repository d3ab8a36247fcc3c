import { describe, expect, it } from "vitest";
import { addBusinessDays, MONDAY_TO_FRIDAY } from "./business-days";
import { addDays, isoWeekday } from "./local-dates";
import { predictDelivery } from "./predict-delivery";
import { POOLED_SAMPLES_PER_ORGANIZATION, trainModel } from "./train-model";
import { transitCalendar } from "./transit-calendar";
import { type DeliverySample, type ShipmentAddress } from "./types";

const seattle: ShipmentAddress = { country: "USA", state: "WA", postalCode: "98108" };
const sanDiego: ShipmentAddress = { country: "USA", state: "CA", postalCode: "92019" };
const dallas: ShipmentAddress = { country: "USA", state: "TX", postalCode: "75201" };
const newYork: ShipmentAddress = { country: "USA", state: "NY", postalCode: "10001" };
const berlin: ShipmentAddress = { country: "DEU", state: "BE", postalCode: "10115" };
const hamburg: ShipmentAddress = { country: "DEU", state: "HH", postalCode: "20095" };

interface Lane {
  organizationId?: string;
  slug?: string;
  serviceType?: string | null;
  origin?: ShipmentAddress;
  destination?: ShipmentAddress;
  /** Business days in transit, cycled over the samples. */
  transit: number[];
  count: number;
}

/** `count` deliveries on weekday pickups from mid-January 2024, each `transit` business days later. */
function lane({
  organizationId = "org_a",
  slug = "ups",
  serviceType = "UPS GROUND",
  origin = seattle,
  destination = sanDiego,
  transit,
  count,
}: Lane): DeliverySample[] {
  const calendar = transitCalendar(MONDAY_TO_FRIDAY, origin, destination);
  const samples: DeliverySample[] = [];
  for (let day = "2024-01-15"; samples.length < count; day = addDays(day, 1)) {
    if (isoWeekday(day) > 5) continue;
    const days = transit[samples.length % transit.length]!;
    samples.push({
      organizationId,
      slug,
      serviceType,
      origin,
      destination,
      pickupTime: `${day} 17:00:00`,
      deliveredAt: `${addBusinessDays(day, days, calendar)} 12:00:00`,
    });
  }
  return samples;
}

const request = (overrides: Partial<Parameters<typeof predictDelivery>[1]> = {}) => ({
  slug: "ups",
  serviceType: "UPS GROUND",
  origin: seattle,
  destination: sanDiego,
  pickupTime: "2024-07-01 17:00:00",
  ...overrides,
});

describe("predictDelivery: lanes and fallbacks", () => {
  const model = trainModel([
    ...lane({ transit: [2], count: 30 }), // WA → CA ground
    ...lane({ destination: newYork, transit: [5], count: 5 }), // thin
    ...lane({ destination: dallas, transit: [4], count: 40 }),
    ...lane({ serviceType: "UPS 2ND DAY AIR", destination: dallas, transit: [2], count: 30 }),
  ]);

  it("answers from the fine lane when it has enough samples", () => {
    const prediction = predictDelivery(model, request());
    expect(prediction.basis).toMatchObject({ level: "lane", samples: 30 });
    expect(prediction.estimatedDeliveryDate).toBe("2024-07-03");
    expect(prediction.transitDays).toEqual({ estimate: 2, min: 2, max: 2 });
  });

  it("falls back from a thin lane to the service across the countries", () => {
    const prediction = predictDelivery(model, request({ destination: newYork }));
    expect(prediction.basis).toMatchObject({ level: "service_countries", samples: 75 });
    expect(prediction.transitDays.estimate).toBe(4);
  });

  it("without a service, uses the courier's lanes across services", () => {
    const prediction = predictDelivery(model, request({ serviceType: null, destination: dallas }));
    expect(prediction.basis).toMatchObject({ level: "regions", samples: 70 });
  });

  it("falls back to the courier, then to everything, then to a default", () => {
    expect(predictDelivery(model, request({ serviceType: "UPS NEXT DAY AIR", destination: berlin })).basis.level).toBe("courier");
    const unknownCourier = predictDelivery(model, request({ slug: "fedex" }));
    expect(unknownCourier.basis).toMatchObject({ level: "global", scope: "pooled", samples: 105 });
    expect(unknownCourier.confidenceCode).toBe(30002);
    const empty = predictDelivery(trainModel([]), request());
    expect(empty.basis).toMatchObject({ level: "default", samples: 0 });
    expect(empty.confidenceScore).toBe(0);
    expect(empty.estimatedDeliveryDate).toBe("2024-07-09"); // 5 business days, 4 July off
  });

  it("respects minSamples", () => {
    expect(predictDelivery(model, request({ destination: newYork }), { minSamples: 5 }).basis.level).toBe("lane");
  });

  it("predicts the same from a model that went through JSON", () => {
    const stored = JSON.parse(JSON.stringify(model)) as typeof model;
    expect(predictDelivery(stored, request({ destination: newYork }))).toEqual(predictDelivery(model, request({ destination: newYork })));
  });
});

describe("predictDelivery: pooling organisations", () => {
  const model = trainModel([
    ...lane({ organizationId: "bulky", transit: [4], count: 25 }),
    ...lane({ organizationId: "other", transit: [2], count: 100 }),
    ...lane({ organizationId: "small", transit: [3], count: 3 }),
  ]);

  it("uses the organisation's own lane when it has enough samples", () => {
    const prediction = predictDelivery(model, request(), { organizationId: "bulky" });
    expect(prediction.basis).toMatchObject({ level: "lane", scope: "organization", samples: 25 });
    expect(prediction.transitDays.estimate).toBe(4);
  });

  it("uses the pooled lane for organisations with too little data, or none given", () => {
    for (const organizationId of ["small", "unknown", undefined]) {
      const prediction = predictDelivery(model, request(), { organizationId });
      expect(prediction.basis).toMatchObject({ level: "lane", scope: "pooled", samples: 128 });
      expect(prediction.transitDays.estimate).toBe(2);
    }
  });
});

describe("predictDelivery: holidays and weekdays", () => {
  const us = trainModel(lane({ transit: [2], count: 40 }));
  const de = trainModel(lane({ slug: "dhl-germany", serviceType: null, origin: berlin, destination: hamburg, transit: [1], count: 40 }));
  const germany = (pickupTime: string) => predictDelivery(de, { slug: "dhl-germany", origin: berlin, destination: hamburg, pickupTime }).estimatedDeliveryDate;

  it("takes extra calendar days over US Thanksgiving (and California's day after)", () => {
    expect(predictDelivery(us, request({ pickupTime: "2024-11-20 17:00:00" })).estimatedDeliveryDate).toBe("2024-11-22");
    expect(predictDelivery(us, request({ pickupTime: "2024-11-27 17:00:00" })).estimatedDeliveryDate).toBe("2024-12-03");
  });

  it("takes extra calendar days over Christmas and German Easter Monday", () => {
    expect(germany("2024-12-23 17:00:00")).toBe("2024-12-24");
    expect(germany("2024-12-24 17:00:00")).toBe("2024-12-27");
    expect(germany("2024-03-28 17:00:00")).toBe("2024-04-02");
  });

  it("learns Saturday deliveries from the data", () => {
    const saturdays = lane({ slug: "usps", transit: [1], count: 60 }).map((sample) =>
      isoWeekday(sample.deliveredAt.slice(0, 10)) === 1 && isoWeekday(sample.pickupTime.slice(0, 10)) === 5
        ? { ...sample, deliveredAt: addDays(sample.deliveredAt.slice(0, 10), -2) }
        : sample,
    );
    const model = trainModel(saturdays);
    expect(model.deliveryWeekdays.usps).toEqual([1, 2, 3, 4, 5, 6]);
    expect(predictDelivery(model, request({ slug: "usps", pickupTime: "2024-07-05 17:00:00" })).estimatedDeliveryDate).toBe("2024-07-06");
  });
});

describe("predictDelivery: pickup and season", () => {
  const model = trainModel(lane({ transit: [2], count: 40 }));

  it("computes the pickup from the order when no pickup time is given", () => {
    const prediction = predictDelivery(model, request({ pickupTime: null, estimatedPickup: { orderTime: "2024-07-03 19:00:00" } }));
    expect(prediction.pickupTime).toBe("2024-07-05 18:00:00"); // after the cutoff, then 4 July
    expect(prediction.estimatedDeliveryDate).toBe("2024-07-09");
    expect(() => predictDelivery(model, request({ pickupTime: null }))).toThrow(TypeError);
  });

  it("delays pickups in a half-month that ran late before", () => {
    // Late December 2023: half the parcels a day late.
    const calendar = transitCalendar(MONDAY_TO_FRIDAY, seattle, sanDiego);
    const december = lane({ transit: [2], count: 200 }).map((sample, index) => {
      const pickup = addDays("2023-12-18", index % 10);
      return { ...sample, pickupTime: `${pickup} 17:00:00`, deliveredAt: addBusinessDays(pickup, 2 + (index % 2), calendar) };
    });
    const seasonal = trainModel([...lane({ transit: [2], count: 400 }), ...december]);
    expect(seasonal.seasonalDelays.ups![23]).toBeGreaterThan(0.2);
    const late = predictDelivery(seasonal, request({ pickupTime: "2024-12-17 17:00:00" }));
    const usual = predictDelivery(seasonal, request({ pickupTime: "2024-07-01 17:00:00" }));
    expect(late.basis.seasonalDelay).toBeGreaterThan(0.2);
    expect(late.transitDays.max).toBeGreaterThan(usual.transitDays.max);
  });
});

describe("trainModel: one organisation's volume", () => {
  it("adds at most POOLED_SAMPLES_PER_ORGANIZATION of an organisation to a pooled lane, and all of them to its own", () => {
    const model = trainModel([...lane({ organizationId: "huge", transit: [6], count: 400 }), ...lane({ organizationId: "others", transit: [2], count: 150 })]);
    const key = Object.keys(model.organizations.huge!).find((candidate) => candidate.startsWith("lane|"))!;
    const count = (histogram: number[] | undefined) => (histogram ?? []).reduce((sum, value) => sum + value, 0);
    expect(count(model.organizations.huge?.[key])).toBe(400);
    expect(count(model.pooled[key])).toBe(POOLED_SAMPLES_PER_ORGANIZATION + 150);
    const newcomer = predictDelivery(model, request(), { organizationId: "newcomer" });
    expect(newcomer.basis).toMatchObject({ scope: "pooled", samples: POOLED_SAMPLES_PER_ORGANIZATION + 150 });
  });
});
