import { describe, expect, it } from "vitest";
import { insightsFilter, insightsView } from "@/lib/dashboard/insights";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { recomputeRollups, storedRollups } from "@/testing/recompute-rollups";
import { seedDemoTrackings } from "./seed-demo";

const database = setupTestDatabase();

describe("demo data for Insights", () => {
  it("fills every chart: statuses over time, several couriers with deliveries, exceptions and on-time rates, transit by lane", async () => {
    const { organization } = await createTenant(database.db);
    const now = new Date("2026-03-31T12:00:00Z");
    const created = await seedDemoTrackings(database.db, organization.id, { days: 30, ordersPerDay: 6, now });
    expect(created).toBeGreaterThan(100);
    const view = await insightsView(database.db, organization.id, insightsFilter(new URLSearchParams(), now));
    expect(view.statuses.length).toBeGreaterThan(20);
    expect(view.couriers.length).toBeGreaterThan(2);
    expect(view.couriers.some((row) => (row.exceptionShare ?? 0) > 0)).toBe(true);
    expect(view.couriers.every((row) => row.onTimeFirstEstimate !== null)).toBe(true);
    expect(view.lanes.some((lane) => lane.p90 >= lane.median && lane.delivered > 5)).toBe(true);
    expect(view.estimateAccuracy).toBeGreaterThan(0);
    // Seeded through the same bookkeeping: the rollups equal a recomputation.
    const [recomputed, stored] = await Promise.all([recomputeRollups(database.db, organization.id), storedRollups(database.db, organization.id)]);
    expect(Object.fromEntries(stored.counters)).toEqual(Object.fromEntries(recomputed.counters));
  });
});
