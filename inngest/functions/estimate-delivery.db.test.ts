import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEvents, trackings } from "@/db/schema";
import { refreshEddModel } from "@/lib/edd/get-edd-model";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { applyTrackingUpdate, type CheckpointInput } from "@/lib/trackings/apply-tracking-update";
import { sendEvent, trackingEstimateRequested } from "@/lib/events/events";
import { createTestEngine, runsOf, type TestEngine } from "@/testing/inngest";
import { estimateDelivery } from "./estimate-delivery";

const database = setupTestDatabase();
let jobs: TestEngine;

beforeAll(async () => {
  // No deliveries stored: the model answers with its default transit, 5 business days (3–7).
  await refreshEddModel(database.db);
  jobs = await createTestEngine({ db: database.db, functions: [estimateDelivery] });
});
afterAll(async () => {
  await jobs.stop();
});

let sequence = 0;

/** A FedEx tracking LA → NYC shipping on Monday 2030-03-04 and promised for Tuesday 2030-03-12. */
async function createTracking(key: string) {
  const res = await callApi("POST", "/tracking/2025-04/trackings", {
    key,
    body: {
      tracking_number: `7946${Date.now() % 1e8}${++sequence}`,
      slug: "fedex",
      origin_country_region: "USA",
      origin_state: "CA",
      destination_country_region: "USA",
      destination_state: "NY",
      tracking_ship_date: "2030-03-04",
      order_promised_delivery_date: "2030-03-12",
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

async function trackingRow(organizationId: string, id: string) {
  const [row] = await database.db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, id)));
  return row!;
}

/** What the poller sends after its commit. */
async function requestEstimate(organizationId: string, ...trackingIds: string[]) {
  await sendEvent(trackingEstimateRequested, { organizationId, trackingIds });
  await jobs.drain();
}

async function revisions(trackingId: string) {
  const rows = await database.db.select().from(jobEvents).where(eq(jobEvents.name, "tracking/estimate.revised")).orderBy(asc(jobEvents.receivedAt));
  return rows.map((row) => row.payload.data).filter((data) => data.trackingId === trackingId);
}

const scan = (checkpointTime: string, tag: CheckpointInput["tag"], subtag: string): CheckpointInput => ({
  checkpointTime,
  occurredAt: `${checkpointTime}Z`,
  message: tag,
  location: null,
  city: null,
  state: null,
  zip: null,
  countryIso3: "USA",
  countryName: null,
  coordinates: [],
  tag,
  subtag,
  subtagMessage: tag,
  rawTag: null,
  source: "carrier",
});

describe("estimate-delivery", () => {
  it("sets the estimate once a tracking is created, and on-time status follows it", async () => {
    const { key, organization } = await createTenant(database.db);
    const id = await createTracking(key);
    expect((await trackingRow(organization.id, id)).waybillEstimate).toBeNull();

    await requestEstimate(organization.id, id);
    expect((await trackingRow(organization.id, id)).waybillEstimate).toEqual({
      estimated_delivery_date: "2030-03-11",
      estimated_delivery_date_min: "2030-03-07",
      estimated_delivery_date_max: "2030-03-13",
      confidence_score: 0,
      confidence_code: 30002,
    });
    const v4 = await callApi("GET", `/v4/trackings/${id}`, { key });
    expect(v4.body.data.tracking).toMatchObject({
      waybill_estimated_delivery_date: {
        estimated_delivery_date: "2030-03-11",
        estimated_delivery_date_min: "2030-03-07",
        estimated_delivery_date_max: "2030-03-13",
        confidence_score: 0,
      },
      on_time_status: "trending-on-time",
      on_time_difference: 0,
    });
    expect(await revisions(id)).toEqual([]);
    const [run] = await runsOf(database.db, "waybill-estimate-delivery");
    expect(run).toMatchObject({ status: "completed" });
  });

  it("revises the estimate from the first carrier scan and announces the revision once", async () => {
    const { key, organization } = await createTenant(database.db);
    const id = await createTracking(key);
    await requestEstimate(organization.id, id);

    // Picked up two days after the ship date: the estimate moves by two business days.
    await applyTrackingUpdate(database.db, await trackingRow(organization.id, id), {
      checkpoints: [scan("2030-03-06T10:00:00", "InTransit", "InTransit_001")],
      now: new Date(),
    });
    await requestEstimate(organization.id, id);
    const revised = {
      estimated_delivery_date: "2030-03-13",
      estimated_delivery_date_min: "2030-03-11",
      estimated_delivery_date_max: "2030-03-15",
      confidence_score: 0,
      confidence_code: 30002,
    };
    expect((await trackingRow(organization.id, id)).waybillEstimate).toEqual(revised);
    expect(await revisions(id)).toEqual([
      {
        organizationId: organization.id,
        trackingId: id,
        previous: { ...revised, estimated_delivery_date: "2030-03-11", estimated_delivery_date_min: "2030-03-07", estimated_delivery_date_max: "2030-03-13" },
        estimate: revised,
        changeId: expect.stringMatching(/^chg_/),
      },
    ]);
    const modern = await callApi("GET", `/tracking/2025-04/trackings/${id}`, { key });
    expect(modern.body.data).toMatchObject({ on_time_status: "trending-late", on_time_difference: 1 });

    // Nothing new: nothing stored, nothing announced.
    await requestEstimate(organization.id, id);
    expect(await revisions(id)).toHaveLength(1);
  });

  it("leaves a delivered tracking's last estimate alone, and ends quietly for a deleted one", async () => {
    const { key, organization } = await createTenant(database.db);
    const id = await createTracking(key);
    await requestEstimate(organization.id, id);
    const before = (await trackingRow(organization.id, id)).waybillEstimate;

    await applyTrackingUpdate(database.db, await trackingRow(organization.id, id), {
      checkpoints: [scan("2030-03-05T10:00:00", "InTransit", "InTransit_001"), scan("2030-03-08T14:00:00", "Delivered", "Delivered_001")],
      now: new Date(),
    });
    await requestEstimate(organization.id, id);
    expect((await trackingRow(organization.id, id)).waybillEstimate).toEqual(before);
    expect(await revisions(id)).toEqual([]);

    await callApi("DELETE", `/tracking/2025-04/trackings/${id}`, { key });
    await requestEstimate(organization.id, id);
    const runs = await runsOf(database.db, "waybill-estimate-delivery");
    expect(runs.every((run) => run.status === "completed")).toBe(true);
  });

  it("estimates a poll's trackings in one run, announcing only the ones whose dates moved", async () => {
    const { key, organization } = await createTenant(database.db);
    const [moved, still, fresh] = [await createTracking(key), await createTracking(key), await createTracking(key)];
    await requestEstimate(organization.id, moved, still);
    await applyTrackingUpdate(database.db, await trackingRow(organization.id, moved), {
      checkpoints: [scan("2030-03-06T10:00:00", "InTransit", "InTransit_001")],
      now: new Date(),
    });
    const before = (await runsOf(database.db, "waybill-estimate-delivery")).length;

    await requestEstimate(organization.id, moved, still, fresh);
    const runs = await runsOf(database.db, "waybill-estimate-delivery");
    expect(runs).toHaveLength(before + 1);
    expect(runs.at(-1)).toMatchObject({ status: "completed", output: { estimated: 3, changed: 2, revised: 1 } });
    expect((await trackingRow(organization.id, fresh)).waybillEstimate).not.toBeNull();
    expect(await revisions(moved)).toHaveLength(1);
    expect(await revisions(still)).toEqual([]);
  });

  it("still answers a request for one tracking, as sent before requests named several", async () => {
    const { key, organization } = await createTenant(database.db);
    const id = await createTracking(key);
    await sendEvent(trackingEstimateRequested, { organizationId: organization.id, trackingId: id });
    await jobs.drain();
    expect((await trackingRow(organization.id, id)).waybillEstimate).not.toBeNull();
  });
});
