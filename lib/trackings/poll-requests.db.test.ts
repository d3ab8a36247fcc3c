import { describe, expect, it } from "vitest";
import { eventsSent } from "@/testing/inngest";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTracking } from "./create-tracking";
import { listTrackings } from "./list-trackings";
import { requestPollAndEstimate } from "./poll-requests";

const database = setupTestDatabase();
// Server credentials for UPS and FedEx: their trackings are polled directly (the registry reads them when first used).
Object.assign(process.env, { UPS_CLIENT_ID: "ups-id", UPS_CLIENT_SECRET: "ups-secret", FEDEX_CLIENT_ID: "fedex-id", FEDEX_CLIENT_SECRET: "fedex-secret" });

async function newTracking(organization: Awaited<ReturnType<typeof createTenant>>["organization"], slug: string, number: string) {
  const { tracking } = await createTracking(database.db, organization, { trackingNumber: number, slugs: [slug], fields: {} });
  return tracking;
}

/** Poll requests of the organisation, after the `skip` its trackings' creation sent. */
async function sentFor(organizationId: string, skip: number) {
  const polls = (await eventsSent(database.db, "tracking/poll.requested")).map((event) => event.data).filter((data) => data.organizationId === organizationId);
  return { polls: polls.slice(skip) };
}

describe("first-poll requests", () => {
  it("sends requests made together as one poll per courier, which asks for the new trackings' estimates", async () => {
    const { organization } = await createTenant(database.db);
    const ups = [await newTracking(organization, "ups", "1Z999AA10123456784"), await newTracking(organization, "ups", "1Z999AA10123456795")];
    const fedex = await newTracking(organization, "fedex", "123456789012");
    // Each create asked for its own first poll; requests made together go as one poll per courier.
    expect((await sentFor(organization.id, 0)).polls).toHaveLength(3);
    await Promise.all([...ups, fedex].map((tracking) => requestPollAndEstimate(database.db, tracking)));

    const { polls } = await sentFor(organization.id, 3);
    expect(polls).toHaveLength(2);
    expect(polls.find((poll) => poll.slug === "ups")).toMatchObject({ trackingIds: ups.map((tracking) => tracking.id), estimate: true });
    expect(polls.find((poll) => poll.slug === "fedex")).toMatchObject({ trackingIds: [fedex.id], estimate: true });
  });

  it("sends trackings nobody can follow together, across couriers, as one untrackable poll", async () => {
    const { organization } = await createTenant(database.db);
    const royalMail = await newTracking(organization, "royal-mail", "RB123456785GB");
    const dpd = await newTracking(organization, "dpd", "15501234567890");
    // USPS has an adapter but neither server credentials here nor a connection.
    const usps = await newTracking(organization, "usps", "9400111899223197428490");
    await Promise.all([royalMail, dpd, usps].map((tracking) => requestPollAndEstimate(database.db, tracking)));
    const { polls } = await sentFor(organization.id, 3);
    expect(polls).toEqual([
      { organizationId: organization.id, route: "untrackable", lane: "untrackable", trackingIds: [royalMail.id, dpd.id, usps.id], estimate: true },
    ]);
  });

  it("sends a request made after the last one was sent on its own", async () => {
    const { organization } = await createTenant(database.db);
    const first = await newTracking(organization, "ups", "1Z999AA10123456784");
    const second = await newTracking(organization, "ups", "1Z999AA10123456795");
    await requestPollAndEstimate(database.db, first);
    await requestPollAndEstimate(database.db, second);
    const { polls } = await sentFor(organization.id, 2);
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
