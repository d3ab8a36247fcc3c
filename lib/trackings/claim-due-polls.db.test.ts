import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { trackings, type NewTracking } from "@/db/schema";
import { newId } from "@/lib/ids";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { claimDuePolls } from "./poll-dispatch";

const database = setupTestDatabase();
const NOW = new Date("2030-05-01T12:00:00Z");

async function dueTrackings(organizationId: string, count: number, dueMinutesAgo: number) {
  const rows: NewTracking[] = Array.from({ length: count }, (_, index) => {
    const trackingNumber = `1ZFAIR${organizationId.slice(-6)}${String(index).padStart(6, "0")}`;
    return {
      organizationId,
      id: newId(),
      trackingNumber,
      slug: "ups",
      dedupeKey: `ups:${trackingNumber}`,
      title: trackingNumber,
      nextPollAt: new Date(NOW.getTime() - (dueMinutesAgo - index / 100) * 60_000),
    };
  });
  await database.db.insert(trackings).values(rows);
}

describe("claiming due polls", () => {
  it("lets organisations take turns: a big backlog does not starve a small merchant", async () => {
    const { organization: big } = await createTenant(database.db);
    const { organization: small } = await createTenant(database.db);
    await dueTrackings(big.id, 40, 120);
    await dueTrackings(small.id, 3, 1);
    const claimed = await claimDuePolls(database.db, NOW, 8);
    const of = (organizationId: string) => claimed.filter((tracking) => tracking.organizationId === organizationId).length;
    expect({ big: of(big.id), small: of(small.id) }).toEqual({ big: 5, small: 3 });
    // The big merchant's oldest go first among its own.
    const bigDue = await database.db.select({ id: trackings.id, nextPollAt: trackings.nextPollAt }).from(trackings).where(eq(trackings.organizationId, big.id));
    const leased = bigDue.filter((row) => row.nextPollAt! > NOW).length;
    expect(leased).toBe(5);
    expect(await claimDuePolls(database.db, NOW, 100)).toHaveLength(35);
  });
});
