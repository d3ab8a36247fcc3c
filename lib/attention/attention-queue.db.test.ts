import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationMessages } from "@/db/schema";
import { listTrackings } from "@/lib/trackings/list-trackings";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import { listAttentionQueue, noteAttention, resolveAttention, snoozeAttention } from "./attention-queue";
import { addMember } from "@/lib/accounts/add-member";
import { composeAttentionDigest } from "./attention-digest";
import { contactCustomer } from "./contact-customer";
import { evaluateAttention } from "./evaluate-attention";

const database = setupTestDatabase();
const day = (date: string) => new Date(`${date}T12:00:00Z`);

async function stalledShipment() {
  const { organization, key } = await createTenant(database.db);
  const trackingId = await createTestTracking(key, { emails: ["kim@example.com"], title: "Blue mug" });
  await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_002", message: "Accepted", checkpointTime: "2026-03-02T09:00:00" });
  // Monday 16 March: two quiet working weeks.
  const flagged = await evaluateAttention(database.db, organization.id, day("2026-03-16"));
  expect(flagged.map((entry) => entry.trackingId)).toEqual([trackingId]);
  return { organizationId: organization.id, trackingId };
}

const attentionList = async (organizationId: string) =>
  (await listTrackings(database.db, organizationId, { needsAttention: true }, { kind: "cursor", limit: 10 })).records.map((record) => record.tracking.id);

describe("the needs-attention queue", () => {
  it("lists a flagged shipment with its reasons, and the trackings list filters by it", async () => {
    const { organizationId, trackingId } = await stalledShipment();
    const [entry] = await listAttentionQueue(database.db, organizationId, day("2026-03-16"));
    expect(entry).toMatchObject({ trackingId, title: "Blue mug", flags: [{ reason: "stalled", since: "2026-03-06" }] });
    expect(await attentionList(organizationId)).toEqual([trackingId]);
  });

  it("snoozes a shipment out of the queue until the hourly evaluation after its time brings it back", async () => {
    const { organizationId, trackingId } = await stalledShipment();
    await snoozeAttention(database.db, organizationId, trackingId, day("2026-03-16"), day("2026-03-17"));
    expect(await listAttentionQueue(database.db, organizationId, day("2026-03-16"))).toEqual([]);
    expect(await attentionList(organizationId)).toEqual([]);
    expect(await evaluateAttention(database.db, organizationId, day("2026-03-16"))).toEqual([]);
    await evaluateAttention(database.db, organizationId, day("2026-03-18"));
    expect(await attentionList(organizationId)).toEqual([trackingId]);
  });

  it("keeps a note, resolves for good while the reason holds, and contacts the customer on request", async () => {
    const { organizationId, trackingId } = await stalledShipment();
    await noteAttention(database.db, organizationId, trackingId, day("2026-03-16"), "Asked the courier, ticket 42");
    expect((await listAttentionQueue(database.db, organizationId, day("2026-03-16")))[0]!.flags[0]!.note).toBe("Asked the courier, ticket 42");
    expect(await contactCustomer(database.db, organizationId, trackingId, "member-1", day("2026-03-16"))).toBe(1);
    const messages = await database.db
      .select()
      .from(notificationMessages)
      .where(and(eq(notificationMessages.organizationId, organizationId), eq(notificationMessages.trackingId, trackingId)));
    expect(messages.map((message) => [message.recipient, message.status])).toEqual([["kim@example.com", "outbox"]]);
    await resolveAttention(database.db, organizationId, trackingId, day("2026-03-16"));
    await evaluateAttention(database.db, organizationId, day("2026-03-18"));
    expect(await listAttentionQueue(database.db, organizationId, day("2026-03-18"))).toEqual([]);
    await expect(resolveAttention(database.db, organizationId, trackingId, day("2026-03-18"))).rejects.toMatchObject({ entity: "attention" });
  });

  it("sums the queue up for the organisation's admins once a day, and stays silent when all is well", async () => {
    const { organizationId, trackingId } = await stalledShipment();
    const admin = `admin-${trackingId}@shop.example`;
    await addMember(database.db, organizationId, { email: admin, role: "admin" });
    await addMember(database.db, organizationId, { email: `member-${trackingId}@shop.example`, role: "member" });
    const digest = await composeAttentionDigest(database.db, organizationId, "Shop", day("2026-03-16"));
    expect(digest).toMatchObject({ to: [admin], subject: "1 shipment needs attention" });
    expect(digest!.text).toContain("1 × no news for longer than usual");
    expect(digest!.text).toContain(`Blue mug, ITOD-1-`);
    expect(digest!.text).toContain(`/trackings/${trackingId}`);
    await resolveAttention(database.db, organizationId, trackingId, day("2026-03-16"));
    expect(await composeAttentionDigest(database.db, organizationId, "Shop", day("2026-03-16"))).toBeNull();
  });
});
