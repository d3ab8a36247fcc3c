// `npm run seed:demo [-- --days 90 --orders-per-day 20 --organization <id>]`: fills an organisation (the
// demo one by default) with simulated shipments, checkpoints and rollups, then evaluates which need
// attention, so Insights and the queue have something to show. Embedded mode: stop the server first
// (a PGlite directory admits one process); with DATABASE_URL it runs beside the server.
import { asc } from "drizzle-orm";
import { getDatabaseHandle } from "@/db/client";
import { organizations } from "@/db/schema";
import { evaluateAttention } from "@/lib/trackings/attention/evaluate-attention";
import { seedDemoTrackings } from "@/lib/trackings/insights/seed-demo";

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
}

const handle = await getDatabaseHandle();
try {
  const [first] = await handle.db.select({ id: organizations.id }).from(organizations).orderBy(asc(organizations.createdAt)).limit(1);
  const organizationId = option("organization", first?.id ?? "");
  if (!organizationId) throw new Error("No organisation yet: start Waybill once first.");
  const now = new Date();
  const created = await seedDemoTrackings(handle.db, organizationId, {
    days: Number(option("days", "90")),
    ordersPerDay: Number(option("orders-per-day", "20")),
    now,
  });
  const flagged = await evaluateAttention(handle.db, organizationId, now);
  console.log(`Waybill: ${created} demo shipments added to ${organizationId}; ${flagged.length} need attention.`);
} finally {
  await handle.close();
}
