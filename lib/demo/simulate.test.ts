import { describe, expect, it } from "vitest";
import { dayNumber, isoWeekday } from "@/lib/edd/local-dates";
import { simulateShipments } from "./simulate";

describe("simulateShipments", () => {
  const options = { seed: 7, days: 60, ordersPerDay: 40 };
  const shipments = simulateShipments(options);

  it("is deterministic for a seed and differs between seeds", () => {
    expect(simulateShipments(options)).toEqual(shipments);
    expect(simulateShipments({ ...options, seed: 8 })).not.toEqual(shipments);
  });

  it("makes plausible histories", () => {
    expect(shipments.length).toBeGreaterThan(1500);
    for (const shipment of shipments) {
      expect(dayNumber(shipment.pickupTime)).toBeGreaterThanOrEqual(dayNumber(shipment.orderTime));
      if (shipment.deliveredAt) expect(dayNumber(shipment.deliveredAt)).toBeGreaterThan(dayNumber(shipment.pickupTime));
      expect(shipment.origin.postalCode).toBeTruthy();
    }
    const lost = shipments.filter((shipment) => shipment.deliveredAt === null).length;
    expect(lost / shipments.length).toBeLessThan(0.02);
    expect(new Set(shipments.map((shipment) => shipment.slug)).size).toBeGreaterThan(4);
  });

  it("delivers on Sundays never, and on Saturdays only with couriers that work them", () => {
    const weekdays = new Map<string, Set<number>>();
    for (const shipment of shipments) {
      if (!shipment.deliveredAt) continue;
      const set = weekdays.get(shipment.slug) ?? new Set<number>();
      set.add(isoWeekday(shipment.deliveredAt.slice(0, 10)));
      weekdays.set(shipment.slug, set);
    }
    for (const [slug, days] of weekdays) {
      expect(days.has(7)).toBe(false);
      if (["ups", "dhl", "dpd-uk", "canada-post"].includes(slug)) expect(days.has(6)).toBe(false);
    }
  });
});
