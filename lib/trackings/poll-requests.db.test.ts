import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobEvents } from "@/db/schema";
import { eventsSent } from "@/testing/inngest";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTracking } from "./create-tracking";
import { listTrackings } from "./list-trackings";
import { pollRequestsSent, requestPollAndEstimate } from "./poll-requests";

const database = setupTestDatabase();
// Server credentials for UPS and FedEx: their trackings are polled directly (the registry reads them when first used).
Object.assign(process.env, { UPS_CLIENT_ID: "ups-id", UPS_CLIENT_SECRET: "ups-secret", FEDEX_CLIENT_ID: "fedex-id", FEDEX_CLIENT_SECRET: "fedex-secret" });

async function newTracking(organization: Awaited<ReturnType<typeof createTenant>>["organization"], slug: string, number: string) {
  const { tracking } = await createTracking(database.db, organization, { trackingNumber: number, slugs: [slug], fields: {} });
  return tracking;
}

/** Poll requests of the organisation sent so far (those lingering are sent first). */
async function sentFor(organizationId: string) {
  const polls = (await eventsSent(database.db, "tracking/poll.requested")).map((event) => event.data).filter((data) => data.organizationId === organizationId);
  return { polls };
}

describe("first-poll requests", () => {
  it("sends creates made together as one poll per courier, which asks for the new trackings' estimates", async () => {
    const { organization } = await createTenant(database.db);
    const ups = [await newTracking(organization, "ups", "1Z999AA10123456784"), await newTracking(organization, "ups", "1Z999AA10123456795")];
    const fedex = await newTracking(organization, "fedex", "123456789012");

    const { polls } = await sentFor(organization.id);
    expect(polls).toHaveLength(2);
    expect(polls.find((poll) => poll.slug === "ups")).toMatchObject({ trackingIds: ups.map((tracking) => tracking.id), estimate: true });
    expect(polls.find((poll) => poll.slug === "fedex")).toMatchObject({ trackingIds: [fedex.id], estimate: true });
  });

  it("answers a create before its request is sent: the request lingers for the ones that follow", async () => {
    const { organization } = await createTenant(database.db);
    await newTracking(organization, "ups", "1Z999AA10123456784");
    const stored = () => database.db.select({ id: jobEvents.id }).from(jobEvents).where(eq(jobEvents.name, "tracking/poll.requested"));
    const before = (await stored()).length;
    await pollRequestsSent();
    expect((await stored()).length).toBe(before + 1);
  });

  it("sends trackings nobody can follow together, across couriers, as one untrackable poll", async () => {
    const { organization } = await createTenant(database.db);
    const royalMail = await newTracking(organization, "royal-mail", "RB123456785GB");
    const dpd = await newTracking(organization, "dpd", "15501234567890");
    // USPS has an adapter but neither server credentials here nor a connection.
    const usps = await newTracking(organization, "usps", "9400111899223197428490");
    const { polls } = await sentFor(organization.id);
    expect(polls).toEqual([
      { organizationId: organization.id, route: "untrackable", lane: "untrackable", trackingIds: [royalMail.id, dpd.id, usps.id], estimate: true },
    ]);
  });

  it("polls a tracking asked for twice within the linger once, with its courier of the last request", async () => {
    const { organization } = await createTenant(database.db);
    const tracking = await newTracking(organization, "ups", "1Z999AA10123456784");
    requestPollAndEstimate(database.db, { ...tracking, slug: "fedex" });
    const { polls } = await sentFor(organization.id);
    expect(polls).toEqual([expect.objectContaining({ slug: "fedex", trackingIds: [tracking.id] })]);
  });

  it("sends a request made after the last one was sent on its own", async () => {
    const { organization } = await createTenant(database.db);
    const first = await newTracking(organization, "ups", "1Z999AA10123456784");
    await pollRequestsSent();
    const second = await newTracking(organization, "ups", "1Z999AA10123456795");
    const { polls } = await sentFor(organization.id);
    expect(polls.map((poll) => poll.trackingIds)).toEqual([[first.id], [second.id]]);
  });
});

describe("list filters of one value and of several", () => {
  it("match the same rows whichever form the query takes", async () => {
    const { organization } = await createTenant(database.db);
    const ups = await newTracking(organization, "ups", "1Z999AA10123456784");
    const fedex = await newTracking(organization, "fedex", "123456789012");
    await newTracking(organization, "usps", "9400111899223197428490");
    const ids = async (filter: Parameters<typeof listTrackings>[2]) =>
      (await listTrackings(database.db, organization.id, filter, { kind: "page", page: 1, limit: 10 })).records.map((record) => record.tracking.id).sort();

    expect(await ids({ slugs: ["ups"] })).toEqual([ups.id]);
    expect(await ids({ slugs: ["ups", "fedex"] })).toEqual([ups.id, fedex.id].sort());
    expect(await ids({ slugs: ["ups"], tags: ["Pending"] })).toEqual([ups.id]);
    expect(await ids({ slugs: ["ups"], tags: ["Delivered"] })).toEqual([]);
    expect(await ids({ slugs: ["fedex", "usps"], tags: ["Pending", "Delivered"] })).toHaveLength(2);
  });
});
