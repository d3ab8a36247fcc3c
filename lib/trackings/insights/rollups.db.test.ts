import { describe, expect, it } from "vitest";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import type { Tag } from "@/lib/tags";
import { recomputeRollups, storedRollups } from "@/testing/recompute-rollups";

const database = setupTestDatabase();

/** A small seeded generator (mulberry32): the same mix on every run and both databases. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCANS: Array<[Tag, string]> = [
  ["InfoReceived", "InfoReceived_001"],
  ["InTransit", "InTransit_002"],
  ["InTransit", "InTransit_003"],
  ["OutForDelivery", "OutForDelivery_001"],
  ["AttemptFail", "AttemptFail_001"],
  ["Exception", "Exception_013"],
  ["Exception", "Exception_010"],
  ["Delivered", "Delivered_001"],
];
const COUNTRIES = ["USA", "DEU", "FRA", "GBR"];
const SLUGS = ["testing-courier", "ups", "fedex", "dhl"];

const asObject = (map: Map<string, unknown>) => Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)));

describe("Insights rollups", () => {
  it("equal a full recomputation from the raw rows after a random mix of creates, polls, corrections, completions, retracks and deletions", async () => {
    const { organization, key } = await createTenant(database.db);
    const next = random(20261126);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const live: string[] = [];
    let day = 1;
    const corrections: string[] = [];
    for (let step = 0; step < 160; step++) {
      const roll = next();
      if (roll < 0.2 || live.length < 3) {
        live.push(
          await createTestTracking(key, {
            origin_country_iso3: pick(COUNTRIES),
            destination_country_iso3: pick(COUNTRIES),
            tracking_destination_country: pick(COUNTRIES),
            order_promised_delivery_date: `2025-03-${String(5 + Math.floor(next() * 20)).padStart(2, "0")}`,
          }),
        );
      } else if (roll < 0.7) {
        const [tag, subtag] = pick(SCANS);
        day = Math.min(28, day + (next() < 0.3 ? 1 : 0));
        await storeScan(organization.id, pick(live), {
          tag,
          subtag,
          message: subtag,
          countryIso3: pick(COUNTRIES),
          checkpointTime: `2025-03-${String(day).padStart(2, "0")}T${String(8 + Math.floor(next() * 10)).padStart(2, "0")}:00:00`,
        });
      } else if (roll < 0.8) {
        const id = pick(live);
        const body = next() < 0.5 ? { slug: pick(SLUGS) } : { destination_country_region: pick(COUNTRIES), order_promised_delivery_date: "2025-03-20" };
        const corrected = await callApi("PUT", `/2025-04/trackings/${id}`, { key, body });
        expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
        corrections.push(JSON.stringify([corrected.body.data.slug, corrected.body.data.destination_country_region]));
      } else if (roll < 0.87) {
        await callApi("POST", `/2024-07/trackings/${pick(live)}/mark-as-completed`, { key, body: { reason: "DELIVERED" } });
      } else if (roll < 0.92) {
        await callApi("POST", `/2024-07/trackings/${pick(live)}/retrack`, { key });
      } else {
        const id = live.splice(Math.floor(next() * live.length), 1)[0]!;
        expect((await callApi("DELETE", `/2024-07/trackings/${id}`, { key })).status).toBe(200);
      }
    }
    const [recomputed, stored] = await Promise.all([recomputeRollups(database.db, organization.id), storedRollups(database.db, organization.id)]);
    // The mix really moved trackings between couriers and lanes.
    expect(new Set(corrections).size).toBeGreaterThan(3);
    expect(recomputed.counters.size).toBeGreaterThan(3);
    expect([...recomputed.transit.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    expect(asObject(stored.counters)).toEqual(asObject(recomputed.counters));
    expect(asObject(stored.transit)).toEqual(asObject(recomputed.transit));
  });
});
