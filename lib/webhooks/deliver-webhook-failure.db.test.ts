import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { webhookDeliveries } from "@/db/schema";
import { deliverWebhook } from "@/inngest/functions/deliver-webhook";
import { fanOutWebhooks } from "@/inngest/functions/fan-out-webhooks";
import { createTestEngine } from "@/testing/inngest";
import { resetEnvForTests } from "@/lib/env";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createWebhookEndpoint } from "./create-webhook-endpoint";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";

// Every attempt fails on our side, as when the database is gone.
vi.mock("./attempt-webhook-delivery", async (importOriginal) => {
  const unavailable = vi.fn(async () => Promise.reject(new Error("database unavailable")));
  return { ...(await importOriginal<object>()), sendAttempt: unavailable, attemptWebhookDelivery: unavailable, attemptWebhookDeliveries: unavailable };
});

const database = setupTestDatabase();

describe("a delivery whose attempts keep failing on our side", () => {
  it("is retried by the engine, then marked failed instead of staying pending", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    resetEnvForTests();
    const { organization, key } = await createTenant(database.db);
    await createWebhookEndpoint(database.db, organization.id, { url: "http://127.0.0.1:9/hook", apiVersion: "v4" });
    const trackingId = await createTestTracking(key);
    const jobs = await createTestEngine({ db: database.db, functions: [fanOutWebhooks, deliverWebhook] });
    await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_001", message: "On its way" });
    await jobs.drain();
    // The run holds the event while its own retries last: nothing is stored yet.
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.organizationId, organization.id))).toEqual([]);

    // The fan-out's retries run out (it stores the delivery pending), then deliver-webhook's do.
    await jobs.advance("2h");
    await jobs.stop();
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    resetEnvForTests();
    const [failed] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.organizationId, organization.id));
    expect(failed).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect(failed!.failedAt).toBeInstanceOf(Date);
  });
});
