import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderWebhookTracking } from "@/lib/api/versions";
import { resetEnvForTests } from "@/lib/env";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { planOf, recordingDb, type SentStatement } from "@/testing/statement-plans";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import { recordChange } from "@/lib/trackings/changes/record-changes";
import { checkpoints } from "@/db/schema";
import { createWebhookDeliveries, webhookEventId } from "./create-webhook-deliveries";
import { createWebhookEndpoint } from "./create-webhook-endpoint";
import { attemptWebhookDeliveries } from "./attempt-webhook-delivery";
import { fanOutWebhookEvent } from "./fan-out-webhook-event";
import { retryDelayMs } from "./retry-schedule";
import { startWebhookReceiver } from "@/testing/webhook-receiver";

const database = setupTestDatabase();
const EARLIER_DELIVERIES = 10_000;

// Nothing is sent here: the endpoints only need to be accepted, on this machine's own address.
beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvForTests();
});

/** A tracking update's event, as the fan-out is handed it. */
const updateSource = (organizationId: string, trackingId: string, sourceEventId: string) => ({
  organizationId,
  trackingId,
  sourceEventId,
  kind: "tracking_update" as const,
  isFirstTag: false,
  ts: 1_700_000_000,
});

describe("a fan-out's deliveries", () => {
  it("are found by their event through an index, not by reading the organisation's whole delivery log", async () => {
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key);
    const endpoints = await Promise.all(
      (["2025-04", "v4"] as const).map((apiVersion) =>
        createWebhookEndpoint(database.db, organization.id, { url: `http://127.0.0.1:9/${apiVersion}`, apiVersion }),
      ),
    );
    // A merchant's log of earlier events, delivered.
    await database.db.execute(sql`
      insert into webhook_deliveries (organization_id, id, endpoint_id, event_id, source_event_id, kind, trigger, tracking_id, api_version, body, status)
      select ${organization.id}, 'old' || n, ${endpoints[0]!.id}, gen_random_uuid()::text, 'event-' || n, 'tracking_update', 'event', ${trackingId}, '2025-04', '{}', 'delivered'
      from generate_series(1, ${EARLIER_DELIVERIES}) as n`);
    await database.db.execute(sql`vacuum analyze webhook_deliveries`);

    const statements: SentStatement[] = [];
    const db = await recordingDb(database.handle, statements);
    const source = updateSource(organization.id, trackingId, "event-new");
    const { ids } = await createWebhookDeliveries(db, source, renderWebhookTracking);
    expect(ids).toHaveLength(2);
    // Each stored in its endpoint's version (2025-04 renamed origin_country_iso3).
    const pending = (await deliveriesOf(organization.id)).filter(({ id }) => ids.includes(id));
    expect(pending.map(({ endpointId, body }) => [endpointId, Object.keys(JSON.parse(body).msg).includes("origin_country_iso3")]).sort()).toEqual(
      endpoints.map(({ id, apiVersion }) => [id, apiVersion === "v4"]).sort(),
    );
    // Repeated (a run repeated), it adds nothing and answers the same pending deliveries.
    const repeated = await createWebhookDeliveries(db, source, renderWebhookTracking);
    expect(repeated.ids.sort()).toEqual([...ids].sort());

    const byEvent = statements.filter(({ query }) => /"?source_event_id"? = /.test(query));
    expect(byEvent.length).toBeGreaterThan(0);
    for (const statement of byEvent) {
      const plan = await planOf(database.handle, statement);
      // The index led by (organization, event): an index led by the endpoint also names the event in
      // its condition, but walks all the organisation's entries to check it.
      expect(plan).toMatch(/Index (Only )?Scan using webhook_deliveries_event_idx/);
      expect(plan).not.toMatch(/Seq Scan on webhook_deliveries/);
    }

    // Their first attempts (refused: nothing listens there) are logged, and the deliveries moved on
    // through their own keys: the log of earlier events is not read.
    const before = statements.length;
    const outcomes = await attemptWebhookDeliveries(db, organization.id, ids, 1);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["pending", "pending"]);
    const [logged] = statements.slice(before).filter(({ query }) => query.includes('update "webhook_deliveries"'));
    const plan = await planOf(database.handle, logged!);
    expect(plan).toMatch(/Index Scan using webhook_deliveries_organization_id_id_pk/);
    expect(plan).not.toMatch(/(Seq|Bitmap Heap) Scan on webhook_deliveries/);
  });

  it("announce the tracking as the change left it, its timeline read in the endpoints' statement", async () => {
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key);
    for (const url of ["http://127.0.0.1:9/a", "http://127.0.0.1:9/b"])
      await createWebhookEndpoint(database.db, organization.id, { url, apiVersion: "2025-04" });
    const { change } = await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_001", message: "Left the depot", city: "Berlin" });
    const announced = await recordChange(database.db, organization.id, { type: "tracking.updated", record: change.record, occurredAt: new Date() });
    // The shipment moved on after the change: its webhook still tells of the change.
    await storeScan(organization.id, trackingId, { tag: "OutForDelivery", subtag: "OutForDelivery_001", message: "Out for delivery", city: "Hamburg" });

    const statements: SentStatement[] = [];
    const db = await recordingDb(database.handle, statements);
    await createWebhookDeliveries(db, { ...updateSource(organization.id, trackingId, "event-change"), changeId: announced.id }, renderWebhookTracking);

    const messages = (await deliveriesOf(organization.id)).map(({ body }) => JSON.parse(body).msg);
    expect(messages).toHaveLength(2);
    for (const msg of messages) {
      expect(msg.tag).toBe("InTransit");
      expect(msg.checkpoints.map((checkpoint: { city: string }) => checkpoint.city)).toEqual(change.record.checkpoints.map((checkpoint) => checkpoint.city));
    }
    expect(change.record.checkpoints.at(-1)!.city).toBe("Berlin");
    expect(statements.filter(({ query }) => /^\s*select/i.test(query))).toHaveLength(1);
  });

  it("announce a change whose timeline was rewritten shorter since with the timeline as it is now", async () => {
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key);
    await createWebhookEndpoint(database.db, organization.id, { url: "http://127.0.0.1:9/a", apiVersion: "2025-04" });
    await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_001", message: "Left the depot", city: "Berlin" });
    const { change } = await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_001", message: "Arrived", city: "Hamburg" });
    const announced = await recordChange(database.db, organization.id, { type: "tracking.updated", record: change.record, occurredAt: new Date() });
    const last = change.record.checkpoints.at(-1)!;
    await database.db.delete(checkpoints).where(and(eq(checkpoints.organizationId, organization.id), eq(checkpoints.id, last.id)));

    await createWebhookDeliveries(
      database.db,
      { ...updateSource(organization.id, trackingId, "event-rewritten"), changeId: announced.id },
      renderWebhookTracking,
    );
    const [delivery] = await deliveriesOf(organization.id);
    const cities = JSON.parse(delivery!.body).msg.checkpoints.map((checkpoint: { city: string }) => checkpoint.city);
    expect(cities).toEqual(change.record.checkpoints.slice(0, -1).map((checkpoint) => checkpoint.city));
    expect(cities).not.toContain("Hamburg");
  });

  it("carry one event_id for the event, derived from it", async () => {
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key);
    await createWebhookEndpoint(database.db, organization.id, { url: "http://127.0.0.1:9/a", apiVersion: "2025-04" });
    const source = updateSource(organization.id, trackingId, "event-derived");
    await createWebhookDeliveries(database.db, source, renderWebhookTracking);
    const [delivery] = await database.db.query.webhookDeliveries.findMany({ where: (table, { eq }) => eq(table.organizationId, organization.id) });
    expect(delivery!.eventId).toBe(webhookEventId(organization.id, "event-derived"));
    expect(JSON.parse(delivery!.body).event_id).toBe(delivery!.eventId);
  });

  it("are sent first, then stored once with their first attempt: one write, no update", async () => {
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key);
    const receiver = await startWebhookReceiver();
    try {
      // Two endpoints of one version and one of another between them.
      for (const [index, apiVersion] of (["2025-04", "v4", "2025-04"] as const).entries()) {
        await createWebhookEndpoint(database.db, organization.id, { url: `${receiver.url}/${index}`, apiVersion });
      }
      const statements: SentStatement[] = [];
      const db = await recordingDb(database.handle, statements);
      const source = updateSource(organization.id, trackingId, "event-first-attempt");
      const outcome = await fanOutWebhookEvent(db, source, renderWebhookTracking);

      expect(outcome).toEqual({ deliveries: 3, delivered: 3, retries: [] });
      const writes = statements.map(({ query }) => query).filter((query) => /^\s*(with|insert|update)/i.test(query) && /webhook_deliveries/.test(query));
      expect(writes).toHaveLength(1);
      expect(writes[0]).not.toMatch(/update "webhook_deliveries"/);
      const stored = await deliveriesOf(organization.id);
      expect(stored.map(({ status, attemptCount }) => ({ status, attemptCount }))).toEqual(Array(3).fill({ status: "delivered", attemptCount: 1 }));
      // Each delivery stored with the exact bytes its own endpoint received, in its version.
      const endpoints = await database.db.query.webhookEndpoints.findMany({ where: (table, { eq }) => eq(table.organizationId, organization.id) });
      const receivedAt = new Map(receiver.received.map((webhook) => [webhook.path, webhook.rawBody]));
      for (const delivery of stored) {
        const endpoint = endpoints.find(({ id }) => id === delivery.endpointId)!;
        expect(delivery.apiVersion).toBe(endpoint.apiVersion);
        expect(delivery.body).toBe(receivedAt.get(new URL(endpoint.url).pathname));
      }
      expect(new Set(stored.map(({ body }) => body)).size).toBe(2);
      const attempts = await database.db.query.webhookAttempts.findMany({ where: (table, { eq }) => eq(table.organizationId, organization.id) });
      expect(attempts.map(({ attempt, succeeded, statusCode }) => ({ attempt, succeeded, statusCode }))).toEqual(
        Array(3).fill({ attempt: 1, succeeded: true, statusCode: 200 }),
      );

      // The run repeated after the store: it finds them with the endpoints and sends nothing.
      expect(await fanOutWebhookEvent(db, source, renderWebhookTracking)).toEqual({ deliveries: 3, delivered: 3, retries: [] });
      expect(receiver.received).toHaveLength(3);
      expect(await deliveriesOf(organization.id)).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it("that fail their first attempt are stored pending, with the next attempt due on the schedule", async () => {
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key);
    // Refused at once: nothing listens there.
    await createWebhookEndpoint(database.db, organization.id, { url: "http://127.0.0.1:9/closed", apiVersion: "2025-04" });
    const source = updateSource(organization.id, trackingId, "event-refused");
    const before = Date.now();
    const outcome = await fanOutWebhookEvent(database.db, source, renderWebhookTracking);

    const [delivery] = await deliveriesOf(organization.id);
    expect(outcome).toEqual({ deliveries: 1, delivered: 0, retries: [{ deliveryId: delivery!.id, nextAttempt: 2 }] });
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 1, deliveredAt: null });
    expect(delivery!.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(2));
    // Repeated before deliver-webhook took it: the same retry is asked for, nothing is sent again.
    expect(await fanOutWebhookEvent(database.db, source, renderWebhookTracking)).toEqual(outcome);
    const attempts = await database.db.query.webhookAttempts.findMany({ where: (table, { eq }) => eq(table.deliveryId, delivery!.id) });
    expect(attempts).toHaveLength(1);
  });
});

async function deliveriesOf(organizationId: string) {
  return database.db.query.webhookDeliveries.findMany({
    where: (table, { eq }) => eq(table.organizationId, organizationId),
    orderBy: (table, { asc }) => asc(table.id),
  });
}
