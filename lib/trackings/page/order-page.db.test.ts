import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attentionFlags, deliveryFeedback, organizations, trackings } from "@/db/schema";
import { NotAllowedError } from "@/lib/domain-errors";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { giveFeedback } from "@/lib/trackings/feedback/give-feedback";
import { markTrackingCompleted } from "@/lib/trackings/mark-tracking-completed";
import { callApi } from "@/testing/api-client";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { FEEDBACK_PER_ADDRESS } from "./feedback-attempts";
import { loadPageOrder } from "./order-page";
import { answerFeedback, answerLookup } from "./page-requests";
import { pageShipmentOptions } from "./page-view";
import { orderPageToken, trackingPageToken } from "./token";

const database = setupTestDatabase();
withTestEncryptionKey();
const options = pageShipmentOptions({});

async function parcel(key: string, order: string, email: string) {
  const created = await callApi("POST", "/2024-07/trackings", {
    key,
    body: { tracking_number: `WB${randomUUID().slice(0, 10).toUpperCase()}`, slug: "testing-courier", order_number: order, emails: [email] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as string;
}

function post(path: string, handler: (request: Request) => Promise<Response>, fields: Record<string, string>, address: string) {
  return handler(
    new Request(`http://waybill.test${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: address },
      body: new URLSearchParams(fields),
    }),
  );
}

const address = () => `203.0.113.${Math.floor(Math.random() * 250)}`;

describe("the order page", () => {
  it("opens every parcel of the order, and only the organisation's own", async () => {
    const merchant = await createTenant(database.db);
    const other = await createTenant(database.db);
    const first = await parcel(merchant.key, "#1001", "ana@example.com");
    const second = await parcel(merchant.key, "#1001", "ana@example.com");
    await parcel(merchant.key, "#1002", "ana@example.com");
    // Another merchant's order of the same number and shopper is not this order.
    const foreign = await parcel(other.key, "#1001", "ana@example.com");

    const response = await post(
      `/t/${merchant.organization.id}/lookup`,
      (request) => answerLookup(request, merchant.organization.id),
      { order: "#1001", contact: "ANA@example.com" },
      address(),
    );
    const location = response.headers.get("location")!;
    expect(location).toMatch(/\/order\/[\w-]+\.o[\w-]{22}\?/);
    const token = location.split("/order/")[1]!.split("?")[0]!;
    const order = await loadPageOrder(database.db, merchant.organization.id, token, "en", options);
    expect(order!.number).toBe("#1001");
    expect(order!.parcels.map((entry) => entry.trackingId).sort()).toEqual([first, second].sort());
    expect(await loadPageOrder(database.db, other.organization.id, token, "en", options)).toBeNull();

    // The other merchant's shopper gets its one parcel's own page.
    const theirs = await post(
      `/t/${other.organization.id}/lookup`,
      (request) => answerLookup(request, other.organization.id),
      { order: "#1001", contact: "ana@example.com" },
      address(),
    );
    expect(theirs.headers.get("location")).toContain(`/${foreign}.f`);
  });

  it("cannot be opened for another order by changing its token", async () => {
    const { organization, key } = await createTenant(database.db);
    await parcel(key, "#2001", "bo@example.com");
    await parcel(key, "#2002", "bo@example.com");
    const token = orderPageToken(organization.id, "#2001");
    const [, mac] = token.split(".");
    const forged = `${Buffer.from("#2002").toString("base64url")}.${mac}`;
    expect(await loadPageOrder(database.db, organization.id, forged, "en", options)).toBeNull();
    expect(await loadPageOrder(database.db, organization.id, trackingPageToken(organization.id, "x", "full"), "en", options)).toBeNull();
    expect((await loadPageOrder(database.db, organization.id, token, "en", options))!.number).toBe("#2001");
  });
});

describe("delivery feedback", () => {
  it("is refused before delivery, kept once per tracking, changeable for 14 days, and flags a low rating when asked", async () => {
    const { organization, key } = await createTenant(database.db);
    const id = await parcel(key, "#3001", "cy@example.com");
    const now = new Date();
    await expect(giveFeedback(database.db, organization.id, id, { rating: 5 }, now)).rejects.toBeInstanceOf(NotAllowedError);
    await markTrackingCompleted(database.db, organization.id, { id }, { reason: "DELIVERED" });
    await expect(giveFeedback(database.db, organization.id, id, { rating: 7 }, now)).rejects.toThrow(/1 to 5/);
    await expect(giveFeedback(database.db, organization.id, id, { rating: 4, comment: "x".repeat(1001) }, now)).rejects.toThrow(/1000|1,000/);

    await giveFeedback(database.db, organization.id, id, { rating: 2, comment: "  Left in the rain <b>!</b> " }, now);
    await database.db.update(organizations).set({ attentionOnLowRating: true }).where(eq(organizations.id, organization.id));
    await giveFeedback(database.db, organization.id, id, { rating: 1, comment: "Left in the rain <b>!</b>" }, new Date(now.getTime() + 86_400_000));
    const rows = await database.db.select().from(deliveryFeedback).where(eq(deliveryFeedback.trackingId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 1, comment: "Left in the rain <b>!</b>", slug: "testing-courier" });
    const flags = await database.db
      .select()
      .from(attentionFlags)
      .where(and(eq(attentionFlags.organizationId, organization.id), eq(attentionFlags.trackingId, id)));
    expect(flags.map((flag) => flag.reason)).toEqual(["low_rating"]);
    const [tracking] = await database.db
      .select()
      .from(trackings)
      .where(and(eq(trackings.organizationId, organization.id), eq(trackings.id, id)));
    expect(tracking!.needsAttention).toBe(true);

    await expect(giveFeedback(database.db, organization.id, id, { rating: 5 }, new Date(now.getTime() + 15 * 86_400_000))).rejects.toThrow(/14 days/);
  });

  it("is limited per address, and only through the merchant's full link", async () => {
    const { organization, key } = await createTenant(database.db);
    const id = await parcel(key, "#4001", "di@example.com");
    await markTrackingCompleted(database.db, organization.id, { id }, { reason: "DELIVERED" });
    const give = (token: string, from: string) =>
      post(`/t/${organization.id}/${token}/feedback`, (request) => answerFeedback(request, organization.id, token), { rating: "5", lang: "en" }, from);

    // The public token (a number typed in) cannot answer.
    expect((await give(trackingPageToken(organization.id, id, "public"), address())).status).toBe(404);
    const full = trackingPageToken(organization.id, id, "full");
    const saved = await give(full, address());
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toContain("feedback=saved");
    const from = "198.51.100.77";
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= FEEDBACK_PER_ADDRESS; attempt++) statuses.push((await give(full, from)).status);
    expect(statuses.slice(0, FEEDBACK_PER_ADDRESS).every((status) => status === 303)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
