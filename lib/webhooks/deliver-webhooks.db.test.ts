import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookAttempts, webhookDeliveries, type WebhookApiVersion, type WebhookDelivery } from "@/db/schema";
import { sendEvent, trackingEstimateRevised, trackingUpdated, webhookDeliveryRequested } from "@/lib/events/events";
import { deliverWebhook } from "@/inngest/functions/deliver-webhook";
import { fanOutWebhooks } from "@/inngest/functions/fan-out-webhooks";
import { createTestEngine, ManualClock, runsOf, stepsOf, type TestEngine } from "@/testing/inngest";
import { renderWebhookTracking, trackingCodecs } from "@/lib/api/versions";
import { resetEnvForTests } from "@/lib/env";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { createWebhookDeliveries } from "./create-webhook-deliveries";
import { createWebhookEndpoint } from "./create-webhook-endpoint";
import { getWebhookSecret } from "./get-webhook-secret";
import { rotateWebhookSecret } from "./rotate-webhook-secret";
import { sendTestWebhook } from "./send-test-webhook";
import { startWebhookReceiver, type ReceivedWebhook, type ReceiverAnswer, type WebhookReceiver } from "@/testing/webhook-receiver";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import { updateWebhookEndpoint } from "./update-webhook-endpoint";

const database = setupTestDatabase();

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** AfterShip's docs snippet and the PHP SDK's validateWebhook: HMAC-SHA256 of the raw body, base64, strict equality. */
function verifiesRawBody(webhook: ReceivedWebhook, header: string, secret: string): boolean {
  return createHmac("sha256", secret).update(webhook.rawBody, "utf8").digest("base64") === webhook.headers[header];
}

/** The n8n trigger: the same HMAC over JSON.stringify of the parsed body. */
function verifiesReserialised(webhook: ReceivedWebhook, header: string, secret: string): boolean {
  const body = JSON.stringify(JSON.parse(webhook.rawBody));
  return createHmac("sha256", secret).update(body).digest("base64") === webhook.headers[header];
}

const setEnv = (values: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
};

const receivers: WebhookReceiver[] = [];
const engines: TestEngine[] = [];

async function receiver(answer?: ReceiverAnswer): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

async function engine(clock = new ManualClock()): Promise<TestEngine> {
  const started = await createTestEngine({ db: database.db, functions: [fanOutWebhooks, deliverWebhook], clock });
  engines.push(started);
  return started;
}

async function deliveriesOf(organizationId: string): Promise<WebhookDelivery[]> {
  return database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.organizationId, organizationId));
}

async function attemptsOf(organizationId: string, deliveryId: string) {
  const rows = await database.db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.organizationId, organizationId), eq(webhookAttempts.deliveryId, deliveryId)));
  return rows.sort((a, b) => a.attempt - b.attempt);
}

/** The deliver-webhook run of one delivery (the database holds every test's runs). */
async function runOfDelivery(deliveryId: string) {
  const runs = await runsOf(database.db, "waybill-deliver-webhook");
  const run = runs.find((candidate) => (candidate.event.data as { deliveryId?: string }).deliveryId === deliveryId);
  if (!run) throw new Error(`No deliver-webhook run for ${deliveryId}`);
  return run;
}

/** An organisation with one tracking and webhook endpoints at the given receivers. */
async function setUp(endpoints: Array<{ url: string; apiVersion?: WebhookApiVersion; signatureHeader?: "waybill-hmac-sha256" | "aftership-hmac-sha256" }>) {
  const { organization, key } = await createTenant(database.db);
  const created = [];
  for (const endpoint of endpoints) {
    created.push(await createWebhookEndpoint(database.db, organization.id, { apiVersion: "v4", ...endpoint }));
  }
  const trackingId = await createTestTracking(key);
  const { secret } = await getWebhookSecret(database.db, organization.id);
  return { organizationId: organization.id, key, trackingId, endpoints: created, secret };
}

const inTransit = { tag: "InTransit", subtag: "InTransit_002", message: "Parcel accepted", city: "Berlin", countryIso3: "DEU" } as const;

beforeAll(() => setEnv({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_TIMEOUT_MS: "300", WEBHOOK_RETRY_UNIT_MS: undefined }));
afterAll(() => setEnv({ WEBHOOK_ALLOW_PRIVATE: undefined, WEBHOOK_TIMEOUT_MS: undefined, WEBHOOK_RETRY_UNIT_MS: undefined }));
beforeEach(() => setEnv({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_UNIT_MS: undefined }));
afterEach(async () => {
  await Promise.all(engines.splice(0).map((started) => started.stop()));
  await Promise.all(receivers.splice(0).map((started) => started.close()));
});

describe("a tracking update", () => {
  it("reaches every enabled endpoint once, signed over the exact bytes, in each endpoint's version", async () => {
    const [legacy, dated, modern, disabled] = [await receiver(), await receiver(), await receiver(), await receiver()];
    const tenant = await setUp([
      { url: legacy.url, apiVersion: "v4" },
      { url: dated.url, apiVersion: "2024-07", signatureHeader: "aftership-hmac-sha256" },
      { url: modern.url, apiVersion: "2025-04" },
    ]);
    const off = await createWebhookEndpoint(database.db, tenant.organizationId, { url: disabled.url, apiVersion: "v4" });
    await updateWebhookEndpoint(database.db, tenant.organizationId, off.id, { enabled: false });
    const jobs = await engine();

    const { change } = await storeScan(tenant.organizationId, tenant.trackingId, inTransit);
    await jobs.drain();

    expect(disabled.received).toHaveLength(0);
    const record = await getTrackingOrThrow(database.db, tenant.organizationId, { id: tenant.trackingId });
    const eventIds = new Set<string>();
    for (const [target, version, header] of [
      [legacy, "v4", "waybill-hmac-sha256"],
      [dated, "2024-07", "aftership-hmac-sha256"],
      [modern, "2025-04", "waybill-hmac-sha256"],
    ] as const) {
      expect(target.received).toHaveLength(1);
      const webhook = target.received[0]!;
      expect(webhook.method).toBe("POST");
      expect(webhook.headers["content-type"]).toBe("application/json");
      expect(webhook.headers["user-agent"]).toMatch(/^WaybillWebhook\//);
      expect(webhook.headers["as-webhook-version"]).toBe(version === "v4" ? undefined : version);
      // Only the header the endpoint chose, and no previous-secret signature without a rotation.
      expect(Object.keys(webhook.headers).filter((name) => name.endsWith("hmac-sha256"))).toEqual([header]);
      expect(verifiesRawBody(webhook, header, tenant.secret)).toBe(true);
      expect(verifiesReserialised(webhook, header, tenant.secret)).toBe(true);
      expect(webhook.rawBody).toBe(JSON.stringify(JSON.parse(webhook.rawBody)));

      const payload = JSON.parse(webhook.rawBody);
      expect(Object.keys(payload)).toEqual(["event_id", "event", "is_tracking_first_tag", "msg", "ts"]);
      expect(payload).toMatchObject({ event: "tracking_update", is_tracking_first_tag: true });
      expect(payload.event_id).toMatch(UUID_V4);
      expect(payload.ts).toBe(Math.floor(change.record.tracking.lastUpdatedAt.getTime() / 1000));
      // The tracking exactly as that version's API serialises it, checkpoints included.
      expect(payload.msg).toEqual(JSON.parse(JSON.stringify(trackingCodecs[version].tracking(record))));
      eventIds.add(payload.event_id);
    }
    // One event: one event_id across endpoints.
    expect(eventIds.size).toBe(1);
    const legacyMsg = JSON.parse(legacy.received[0]!.rawBody).msg;
    const modernMsg = JSON.parse(modern.received[0]!.rawBody).msg;
    expect(legacyMsg).toMatchObject({ id: tenant.trackingId, tag: "InTransit", checkpoints: [{ tag: "InTransit", city: "Berlin" }] });
    expect(modernMsg).toMatchObject({ id: tenant.trackingId, tag: "InTransit", checkpoints: [{ tag: "InTransit", city: "Berlin" }] });
    // 2025-04 renamed fields (compat-reference §5): each receiver gets its own version's names.
    expect(legacyMsg).toHaveProperty("origin_country_iso3");
    expect(modernMsg).toHaveProperty("origin_country_region");
    expect(modernMsg).not.toHaveProperty("origin_country_iso3");

    const deliveries = await deliveriesOf(tenant.organizationId);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(["delivered", "delivered", "delivered"]);
    // Answered at once: the fan-out's first attempts ended them, so no delivery needed a retry run.
    const retryRuns = (await runsOf(database.db, "waybill-deliver-webhook")).filter((run) =>
      deliveries.some((delivery) => (run.event.data as { deliveryId?: string }).deliveryId === delivery.id),
    );
    expect(retryRuns).toEqual([]);
    // The fan-out did its work as the run itself: it ended without a step to save (one call of the function).
    const fanOut = (await runsOf(database.db, "waybill-fan-out-webhooks")).filter(
      (run) => (run.event.data as { trackingId?: string }).trackingId === tenant.trackingId,
    );
    expect(fanOut.map((run) => run.status)).toEqual(["completed"]);
    expect(await stepsOf(database.db, fanOut[0]!.id)).toEqual([]);
  });

  it("is retried after failures: fails twice, delivered on attempt 3 after 30 s and 60 s, three attempts logged", async () => {
    const flaky = await receiver((_, index) => (index < 2 ? { status: index === 0 ? 500 : 503, body: `nope ${index + 1}` } : { status: 204 }));
    const tenant = await setUp([{ url: flaky.url }]);
    const jobs = await engine();

    await storeScan(tenant.organizationId, tenant.trackingId, inTransit);
    await jobs.drain();
    expect(flaky.received).toHaveLength(1);
    await jobs.advance("29s");
    expect(flaky.received).toHaveLength(1);
    await jobs.advance("1s");
    expect(flaky.received).toHaveLength(2);
    await jobs.advance("59s");
    expect(flaky.received).toHaveLength(2);
    await jobs.advance("1s");
    expect(flaky.received).toHaveLength(3);
    await jobs.advance("2h");
    expect(flaky.received).toHaveLength(3);

    // The same bytes on every attempt.
    expect(new Set(flaky.received.map((webhook) => webhook.rawBody)).size).toBe(1);
    const [delivery] = await deliveriesOf(tenant.organizationId);
    expect(delivery).toMatchObject({ status: "delivered", attemptCount: 3, nextAttemptAt: null, failedAt: null });
    const attempts = await attemptsOf(tenant.organizationId, delivery!.id);
    expect(attempts.map(({ attempt, succeeded, statusCode, responseBody }) => ({ attempt, succeeded, statusCode, responseBody }))).toEqual([
      { attempt: 1, succeeded: false, statusCode: 500, responseBody: "nope 1" },
      { attempt: 2, succeeded: false, statusCode: 503, responseBody: "nope 2" },
      { attempt: 3, succeeded: true, statusCode: 204, responseBody: null },
    ]);
    for (const attempt of attempts) {
      expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
      expect(attempt.url).toBe(flaky.url);
    }
    const run = await runOfDelivery(delivery!.id);
    // Attempt 1 went out with the fan-out; the retries are this delivery's own run.
    expect((await stepsOf(database.db, run.id)).map((step) => step.name)).toEqual(["wait-before-attempt-2", "attempt-2", "wait-before-attempt-3", "attempt-3"]);
  });

  it("gives up after 14 attempts on the shrunk schedule when the receiver never answers, and marks the delivery failed", { timeout: 60_000 }, async () => {
    setEnv({ WEBHOOK_RETRY_UNIT_MS: "1000" });
    const silent = await receiver(() => "hang");
    const tenant = await setUp([{ url: silent.url }]);
    const jobs = await engine();

    await storeScan(tenant.organizationId, tenant.trackingId, inTransit);
    await jobs.drain();
    // 1 + 2 + … + 4096 s: the whole schedule with a 1 s unit.
    await jobs.advance(`${2 ** 13 - 1 - 1}s`);
    expect(silent.received).toHaveLength(13);
    await jobs.advance("1s");
    expect(silent.received).toHaveLength(14);
    await jobs.advance("30d");
    expect(silent.received).toHaveLength(14);

    const [delivery] = await deliveriesOf(tenant.organizationId);
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 14, deliveredAt: null, nextAttemptAt: null });
    expect(delivery!.failedAt).toBeInstanceOf(Date);
    const attempts = await attemptsOf(tenant.organizationId, delivery!.id);
    expect(attempts).toHaveLength(14);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ succeeded: false, statusCode: null, error: "No answer within 300 ms" });
      expect(attempt.latencyMs).toBeGreaterThanOrEqual(290);
    }
    expect(await runOfDelivery(delivery!.id)).toMatchObject({ status: "completed", output: { status: "failed", attempts: 14 } });
  });

  it("is still delivered when the engine restarts between attempts", async () => {
    const flaky = await receiver((_, index) => (index === 0 ? { status: 502 } : { status: 200 }));
    const tenant = await setUp([{ url: flaky.url }]);
    const clock = new ManualClock();
    const first = await engine(clock);
    await storeScan(tenant.organizationId, tenant.trackingId, inTransit);
    await first.drain();
    expect(flaky.received).toHaveLength(1);
    await first.stop();

    const second = await engine(clock);
    await second.advance("30s");
    expect(flaky.received).toHaveLength(2);
    expect(flaky.received[1]!.rawBody).toBe(flaky.received[0]!.rawBody);
    const [delivery] = await deliveriesOf(tenant.organizationId);
    expect(delivery).toMatchObject({ status: "delivered", attemptCount: 2 });
  });

  it("is never delivered twice to an endpoint after a 2xx", async () => {
    const target = await receiver();
    const tenant = await setUp([{ url: target.url }]);
    const jobs = await engine();
    const data = {
      organizationId: tenant.organizationId,
      trackingId: tenant.trackingId,
      tag: "InTransit",
      previousTag: "Pending",
      isFirstTag: true,
      tagChanged: true,
      updatedAt: new Date().toISOString(),
    };

    // The same event sent twice (a sender retrying), then its delivery requested again by hand.
    await sendEvent(trackingUpdated, data, { id: "tracking-updated-once" });
    await sendEvent(trackingUpdated, data, { id: "tracking-updated-once" });
    await jobs.drain();
    const [delivery] = await deliveriesOf(tenant.organizationId);
    await sendEvent(webhookDeliveryRequested, { organizationId: tenant.organizationId, deliveryId: delivery!.id }, { id: "by-hand" });
    await jobs.drain();
    // And the fan-out repeated for the same event (a run repeated after a crash) adds nothing.
    const again = await createWebhookDeliveries(
      database.db,
      {
        organizationId: tenant.organizationId,
        trackingId: tenant.trackingId,
        sourceEventId: "tracking-updated-once",
        kind: "tracking_update",
        isFirstTag: true,
        ts: 0,
      },
      renderWebhookTracking,
    );
    await jobs.advance("3d");

    expect(again.ids).toEqual([]);
    expect(target.received).toHaveLength(1);
    expect(await deliveriesOf(tenant.organizationId)).toHaveLength(1);
    expect(await attemptsOf(tenant.organizationId, delivery!.id)).toHaveLength(1);
  });

  it("announces a mark-as-completed through the API too", async () => {
    const target = await receiver();
    const tenant = await setUp([{ url: target.url, apiVersion: "2025-04" }]);
    const jobs = await engine();
    const response = await callApi("POST", `/2025-04/trackings/${tenant.trackingId}/mark-as-completed`, { key: tenant.key, body: { reason: "DELIVERED" } });
    expect(response.status).toBe(200);
    await jobs.drain();
    expect(target.received).toHaveLength(1);
    expect(JSON.parse(target.received[0]!.rawBody)).toMatchObject({
      event: "tracking_update",
      is_tracking_first_tag: true,
      msg: { id: tenant.trackingId, tag: "Delivered" },
    });
    // The delivery names the change's place in the feed: a receiver that missed one reads the gap from there.
    const position = Number(target.received[0]!.headers["waybill-change-position"]);
    const feed = await callApi("GET", `/2025-07/events?after=${position - 1}&limit=1`, { key: tenant.key });
    expect(feed.body.data.events[0]).toMatchObject({ position, type: "tracking.completed", tracking: { id: tenant.trackingId, tag: "Delivered" } });
  });
});

describe("an estimate revision", () => {
  it("is sent as edd_revise", async () => {
    const target = await receiver();
    const tenant = await setUp([{ url: target.url, apiVersion: "2025-04" }]);
    const jobs = await engine();
    const estimate = (date: string) => ({
      estimated_delivery_date: date,
      estimated_delivery_date_min: date,
      estimated_delivery_date_max: date,
      confidence_score: null,
    });
    await sendEvent(trackingEstimateRevised, {
      organizationId: tenant.organizationId,
      trackingId: tenant.trackingId,
      previous: estimate("2025-03-04"),
      estimate: estimate("2025-03-05"),
    });
    await jobs.drain();
    expect(target.received).toHaveLength(1);
    const payload = JSON.parse(target.received[0]!.rawBody);
    expect(payload).toMatchObject({ event: "edd_revise", is_tracking_first_tag: false, msg: { id: tenant.trackingId } });
    expect(Number.isInteger(payload.ts)).toBe(true);
  });
});

describe("private addresses", () => {
  it("are refused when saved, unless WEBHOOK_ALLOW_PRIVATE=true", async () => {
    setEnv({ WEBHOOK_ALLOW_PRIVATE: undefined });
    const { organization } = await createTenant(database.db);
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://localhost/hook",
      "http://10.1.2.3/hook",
      "http://172.20.0.1/hook",
      "http://192.168.0.10/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://0.0.0.0/",
      "http://[::1]/hook",
      "http://[fd00::1]/hook",
      "http://[fe80::1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
    ]) {
      await expect(createWebhookEndpoint(database.db, organization.id, { url, apiVersion: "v4" }), url).rejects.toMatchObject({
        kind: "invalid",
        message: expect.stringMatching(/private, loopback or link-local/),
      });
    }
    await expect(createWebhookEndpoint(database.db, organization.id, { url: "ftp://example.com/", apiVersion: "v4" })).rejects.toMatchObject({
      kind: "invalid",
    });

    setEnv({ WEBHOOK_ALLOW_PRIVATE: "true" });
    await expect(createWebhookEndpoint(database.db, organization.id, { url: "http://127.0.0.1:8080/hook", apiVersion: "v4" })).resolves.toMatchObject({
      url: "http://127.0.0.1:8080/hook",
    });
  });

  it("are refused again when sending: an endpoint saved while allowed gets nothing once they are not", async () => {
    const target = await receiver();
    const tenant = await setUp([{ url: target.url.replace("127.0.0.1", "localhost") }]);
    setEnv({ WEBHOOK_ALLOW_PRIVATE: undefined });
    const result = await sendTestWebhook(database.db, tenant.organizationId, tenant.endpoints[0]!.id, renderWebhookTracking);
    expect(result).toMatchObject({ delivered: false, attempt: { succeeded: false, statusCode: null } });
    expect(result.attempt.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a private, loopback or link-local address/);
    expect(target.received).toHaveLength(0);
  });
});

describe("secret rotation", () => {
  it("signs with both secrets for 24 hours, then with the new one only", async () => {
    const target = await receiver();
    const tenant = await setUp([{ url: target.url, signatureHeader: "aftership-hmac-sha256" }]);
    const hour = 60 * 60 * 1000;

    const recent = await rotateWebhookSecret(database.db, tenant.organizationId, new Date(Date.now() - 23 * hour));
    expect(recent.previousSecret).toBe(tenant.secret);
    await sendTestWebhook(database.db, tenant.organizationId, tenant.endpoints[0]!.id, renderWebhookTracking);
    const during = target.received[0]!;
    expect(verifiesRawBody(during, "aftership-hmac-sha256", recent.secret)).toBe(true);
    expect(verifiesRawBody(during, "aftership-hmac-sha256-previous", tenant.secret)).toBe(true);
    expect(verifiesReserialised(during, "aftership-hmac-sha256", recent.secret)).toBe(true);

    // A rotation 25 hours ago: the secret it replaced no longer signs.
    const older = await rotateWebhookSecret(database.db, tenant.organizationId, new Date(Date.now() - 25 * hour));
    expect(older.previousSecret).toBe(recent.secret);
    await sendTestWebhook(database.db, tenant.organizationId, tenant.endpoints[0]!.id, renderWebhookTracking);
    const after = target.received[1]!;
    expect(verifiesRawBody(after, "aftership-hmac-sha256", older.secret)).toBe(true);
    expect(after.headers["aftership-hmac-sha256-previous"]).toBeUndefined();
    expect(verifiesRawBody(after, "aftership-hmac-sha256", recent.secret)).toBe(false);
  });
});
