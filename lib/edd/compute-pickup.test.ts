import { describe, expect, it } from "vitest";
import { computePickup } from "./compute-pickup";
import { holidayRegion } from "./public-holidays";

const us = [holidayRegion("USA", "WA")!];

describe("computePickup", () => {
  it("ships the same business day before the cutoff, at the cutoff time", () => {
    expect(computePickup({ orderTime: "2024-07-01 15:00:00" }, us)).toBe("2024-07-01 18:00:00");
    expect(computePickup({ orderTime: "2024-07-01 18:00:00" }, us)).toBe("2024-07-01 18:00:00");
  });

  it("rolls orders after the cutoff or on a day off to the next business day", () => {
    expect(computePickup({ orderTime: "2024-07-01 18:00:01" }, us)).toBe("2024-07-02 18:00:00");
    expect(computePickup({ orderTime: "2024-07-05 19:00:00" }, us)).toBe("2024-07-08 18:00:00"); // Friday evening
    expect(computePickup({ orderTime: "2024-07-06 09:00:00" }, us)).toBe("2024-07-08 18:00:00"); // Saturday
    expect(computePickup({ orderTime: "2024-07-03 20:00:00" }, us)).toBe("2024-07-05 18:00:00"); // 4 July off
  });

  it("honours a custom cutoff", () => {
    expect(computePickup({ orderTime: "2024-07-01 13:00:00", orderCutoffTime: "12:00:00" }, us)).toBe("2024-07-02 12:00:00");
  });

  it("counts processing days as business days, skipping weekends and holidays", () => {
    expect(computePickup({ orderTime: "2024-07-03 10:00:00", orderProcessingDays: 2 }, us)).toBe("2024-07-08 18:00:00");
    expect(computePickup({ orderTime: "2024-11-27 10:00:00", orderProcessingDays: 1 }, us)).toBe("2024-11-29 18:00:00");
  });

  it("uses the shipper's business days", () => {
    const saturdays = { businessDays: [1, 2, 3, 4, 5, 6] };
    expect(computePickup({ orderTime: "2024-07-05 19:00:00", ...saturdays }, us)).toBe("2024-07-06 18:00:00");
    expect(computePickup({ orderTime: "2024-07-06 19:00:00", ...saturdays }, us)).toBe("2024-07-08 18:00:00");
  });
});
