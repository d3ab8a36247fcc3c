import { describe, expect, it } from "vitest";
import { eventsSent } from "@/inngest/testing";
import { setupTestDatabase } from "@/lib/testing/database";
import { createTenant } from "@/lib/testing/factories";
import { createTracking } from "./create-tracking";
import { listTrackings } from "./list-trackings";
import { requestPollAndEstimate } from "./poll-requests";

const database = setupTestDatabase();

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
    await Promise.all([...ups, fedex].map((tracking) => requestPollAndEstimate(tracking)));

    const { polls } = await sentFor(organization.id, 3);
    expect(polls).toHaveLength(2);
    expect(polls.find((poll) => poll.slug === "ups")).toMatchObject({ trackingIds: ups.map((tracking) => tracking.id), estimate: true });
    expect(polls.find((poll) => poll.slug === "fedex")).toMatchObject({ trackingIds: [fedex.id], estimate: true });
  });

  it("sends a request made after the last one was sent on its own", async () => {
    const { organization } = await createTenant(database.db);
    const first = await newTracking(organization, "ups", "1Z999AA10123456784");
    const second = await newTracking(organization, "ups", "1Z999AA10123456795");
    await requestPollAndEstimate(first);
    await requestPollAndEstimate(second);
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
