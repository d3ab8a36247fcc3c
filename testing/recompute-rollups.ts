import { and, asc, eq, gt } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { insightRollups, insightTransit, trackings } from "@/db/schema";
import { COUNTERS } from "@/lib/trackings/insights/contribution";
import { rollupDeltas } from "@/lib/trackings/insights/record-rollups";

const PAGE = 2_000;

const rowKey = (row: { day: string; slug: string; origin: string; destination: string }) => `${row.day}|${row.slug}|${row.origin}|${row.destination}`;

/** The organisation's rollups recomputed from its raw tracking rows: what the stored rollups must equal. */
export async function recomputeRollups(db: Executor, organizationId: string) {
  const counters = new Map<string, Record<string, number>>();
  const transit = new Map<string, number>();
  let after = "";
  for (;;) {
    const rows = await db
      .select()
      .from(trackings)
      .where(and(eq(trackings.organizationId, organizationId), gt(trackings.id, after)))
      .orderBy(asc(trackings.id))
      .limit(PAGE);
    if (rows.length === 0) break;
    const deltas = rollupDeltas(rows.map((row) => ({ before: null, after: row })));
    for (const { key, values } of deltas.counterRows) {
      const entry = counters.get(rowKey(key)) ?? Object.fromEntries(COUNTERS.map((counter) => [counter, 0]));
      for (const counter of COUNTERS) entry[counter]! += values[counter] ?? 0;
      counters.set(rowKey(key), entry);
    }
    for (const { key, businessDays, shipments } of deltas.transitRows)
      transit.set(`${rowKey(key)}|${businessDays}`, (transit.get(`${rowKey(key)}|${businessDays}`) ?? 0) + shipments);
    after = rows.at(-1)!.id;
  }
  return { counters, transit };
}

/** The stored rollups in the same shape, rows that sum to nothing left out. */
export async function storedRollups(db: Executor, organizationId: string) {
  const counters = new Map<string, Record<string, number>>();
  for (const row of await db.select().from(insightRollups).where(eq(insightRollups.organizationId, organizationId))) {
    const values = Object.fromEntries(COUNTERS.map((counter) => [counter, row[counter]]));
    if (Object.values(values).some((value) => value !== 0)) counters.set(rowKey(row), values);
  }
  const transit = new Map<string, number>();
  for (const row of await db.select().from(insightTransit).where(eq(insightTransit.organizationId, organizationId))) {
    if (row.shipments !== 0) transit.set(`${rowKey(row)}|${row.businessDays}`, row.shipments);
  }
  return { counters, transit };
}
