// The dashboard list's query plans, one per filter shape: the statements listTrackings sends (read
// off a logging drizzle over the same connection), each run under EXPLAIN ANALYZE, condensed to the
// plan's nodes and its execution time.
import { drizzle } from "drizzle-orm/postgres-js";
import type { Sql } from "postgres";
import type { Database } from "@/db/client";
import * as schema from "@/db/schema";
import { listTrackings, type TrackingListFilter, type TrackingListPaging } from "@/lib/trackings/list-trackings";

const DAY_MS = 86_400_000;

/** The filters the dashboard's list offers, alone and together, as its users combine them. */
export const LIST_SHAPES: Record<string, { filter: TrackingListFilter; paging?: TrackingListPaging }> = {
  none: { filter: {} },
  tag: { filter: { tags: ["InTransit"] } },
  "tag+slug": { filter: { tags: ["InTransit"], slugs: ["ups"] } },
  "two tags": { filter: { tags: ["InTransit", "OutForDelivery"] } },
  keyword: { filter: { keyword: "bench4242" } },
  "created last 7 days": { filter: { createdAtMin: new Date(Date.now() - 7 * DAY_MS) } },
  "needs attention": { filter: { needsAttention: true } },
  "tracking number": { filter: { trackingNumbers: ["BENCH4242"] } },
  // What the API sends when the caller gives no window: the last 120 days (lib/api/versions/list-query.ts).
  "tag+slug, API's default window": {
    filter: { tags: ["InTransit"], slugs: ["ups"], createdAtMin: new Date(Date.now() - 120 * DAY_MS), createdAtMax: new Date() },
  },
  "none, API's default window": { filter: { createdAtMin: new Date(Date.now() - 120 * DAY_MS), createdAtMax: new Date() } },
  "tag+slug, page 50": { filter: { tags: ["InTransit"], slugs: ["ups"] }, paging: { kind: "page", page: 50, limit: 20 } },
};

export interface ShapePlan {
  shape: string;
  /** Each statement's execution time (ms) and its plan's nodes, outermost first. */
  statements: { ms: number; nodes: string[] }[];
}

/** A plan's node lines (`Index Scan using … on trackings`), without costs and details. */
function condense(lines: string[]): { ms: number; nodes: string[] } {
  const ms = Number(lines.find((line) => line.startsWith("Execution Time"))?.match(/([\d.]+) ms/)?.[1] ?? Number.NaN);
  const nodes = lines
    .filter((line) => /^\s*(->\s+)?[A-Z][A-Za-z ]+(Scan|Join|Loop|Sort|Limit|Aggregate|Result|Gather|Materialize|Hash|SubPlan|Append|Unique)/.test(line))
    .map((line) =>
      line
        .replace(/\s+\(cost=.*$/, "")
        .replace(/^\s*->\s+/, "")
        .trim(),
    );
  return { ms, nodes };
}

export async function listPlans(sql: Sql, organizationId: string): Promise<ShapePlan[]> {
  const statements: { query: string; params: unknown[] }[] = [];
  const db = drizzle(sql, { schema, logger: { logQuery: (query, params) => statements.push({ query, params }) } }) as unknown as Database;
  const plans: ShapePlan[] = [];
  for (const [shape, { filter, paging }] of Object.entries(LIST_SHAPES)) {
    statements.length = 0;
    await listTrackings(db, organizationId, filter, paging ?? { kind: "page", page: 1, limit: 20 });
    const explained = [];
    for (const { query, params } of statements) {
      const rows = await sql.unsafe(`explain (analyze, buffers) ${query}`, params as never[]);
      explained.push(condense(rows.map((row) => String(row["QUERY PLAN"]))));
    }
    plans.push({ shape, statements: explained });
  }
  return plans;
}
