// The API-sized benches' data: one organisation (rate limits lifted, a handle for its tracking
// page) with `rows` trackings over 100 days, each with three checkpoints, in a fresh PostgreSQL
// database, settled as autovacuum leaves it.
import { sql } from "drizzle-orm";
import { organizations } from "@/db/schema";
import { createApiKey } from "@/lib/accounts/create-api-key";
import { createOrganization } from "@/lib/accounts/create-organization";
import { freshBenchDatabase } from "./bench-database";

const TAGS = ["Pending", "InfoReceived", "InTransit", "InTransit", "InTransit", "OutForDelivery", "Delivered", "Delivered", "Exception"];
export const SEEDED_SLUGS = ["ups", "fedex", "usps", "dhl", "testing-courier"];
export const SEEDED_HANDLE = "bench-shop";

/** The seeded tracking number `n` (1-based) has this id. */
export const seededId = (n: number) => n.toString(16).padStart(32, "0");

export async function seedTrackings(database: string, rows: number) {
  const { url, handle } = await freshBenchDatabase(database);
  const organization = await createOrganization(handle.db, { name: "Bench" });
  await handle.db
    .update(organizations)
    .set({ rateLimits: { "*": 1_000_000_000 }, handle: SEEDED_HANDLE })
    .where(sql`id = ${organization.id}`);
  const { key } = await createApiKey(handle.db, organization.id, "bench");
  const started = Date.now();
  const batch = 50_000;
  for (let from = 1; from <= rows; from += batch) {
    const to = Math.min(rows, from + batch - 1);
    await handle.sql!.unsafe(
      `insert into trackings (organization_id, id, tracking_number, slug, dedupe_key, title, tag, subtag, subtag_message,
         order_id, search_text, created_at, updated_at, last_updated_at, next_poll_at)
       select $1, lpad(to_hex(n), 32, '0'), 'BENCH' || n, (array[${SEEDED_SLUGS.map((s) => `'${s}'`).join(",")}])[1 + n % ${SEEDED_SLUGS.length}],
         'k' || n, 'Order ' || n, t.tag, t.tag || '_001', t.tag, 'ORD-' || n, 'bench' || n || ' order ' || n,
         now() - (n || ' seconds')::interval * (8640000.0 / $2), now(), now(), null
       from generate_series($3::int, $4::int) as n
       cross join lateral (select (array[${TAGS.map((t) => `'${t}'`).join(",")}])[1 + (n * 7) % ${TAGS.length}] as tag) t`,
      [organization.id, rows, from, to],
    );
    await handle.sql!.unsafe(
      `insert into checkpoints (id, organization_id, tracking_id, position, slug, checkpoint_time, message, tag, subtag, subtag_message, dedupe_key)
       select md5(n::text || '-' || p), $1, lpad(to_hex(n), 32, '0'), p, 'ups', '2024-03-0' || (p + 1) || 'T10:00:00',
         'Scan ' || p, 'InTransit', 'InTransit_001', 'In Transit', 'd' || p
       from generate_series($2::int, $3::int) as n cross join generate_series(0, 2) as p`,
      [organization.id, from, to],
    );
  }
  // A settled table, as autovacuum leaves it: visibility map set, statistics fresh.
  await handle.sql!.unsafe("vacuum analyze trackings");
  await handle.sql!.unsafe("vacuum analyze checkpoints");
  console.log(`seeded ${rows} trackings (+${rows * 3} checkpoints) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { handle, url, key, organizationId: organization.id };
}
