import { describe, expect, it } from "vitest";
import { deliverWebhook } from "@/inngest/functions/deliver-webhook";
import { fanOutWebhooks } from "@/inngest/functions/fan-out-webhooks";
import { createTestEngine } from "@/testing/inngest";
import { resetEnvForTests } from "@/lib/env";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { startWebhookReceiver } from "@/testing/webhook-receiver";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { storeScan } from "@/testing/tracking-updates";

const testDb = setupTestDatabase();
let sequence = 0;
const testingNumber = () => `ITOD-1-${Date.now()}${++sequence}`;

describe("2025-07, 2026-01 and 2026-07", () => {
  it("answer at /<version> and /tracking/<version> with their own as-api-version", async () => {
    const { key } = await createTenant(testDb.db);
    for (const version of ["2025-07", "2026-01", "2026-07"]) {
      for (const path of [`/${version}/trackings`, `/tracking/${version}/trackings`]) {
        const answer = await callApi("GET", path, { key });
        expect({ path, status: answer.status, version: answer.headers.get("as-api-version") }).toEqual({ path, status: 200, version });
      }
      const missing = await callApi("GET", `/${version}/trackings/nope`, { key });
      expect(missing.body.meta.code).toBe(4004);
      expect(missing.headers.get("as-api-version")).toBe(version);
    }
  });

  it("2026-01 takes and gives order_promised_delivery_date as a date or a range, and names a checkpoint's postal code postal_code", async () => {
    const { key, organization } = await createTenant(testDb.db);
    const range = { promised_delivery_date_min: "2026-03-11T09:00:00", promised_delivery_date_max: "2026-03-12T18:00:00" };
    const created = await callApi("POST", "/2026-01/trackings", {
      key,
      body: { tracking_number: testingNumber(), slug: "testing-courier", order_promised_delivery_date: range },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.order_promised_delivery_date).toEqual({ promised_delivery_date: null, ...range });
    const id = created.body.data.id;
    await storeScan(organization.id, id, { tag: "InTransit", subtag: "InTransit_001", message: "Arrived", city: "Paris" });

    const as2025 = await callApi("GET", `/2025-04/trackings/${id}`, { key });
    expect(as2025.body.data.order_promised_delivery_date).toBeNull();
    expect(as2025.body.data.checkpoints[0]).toHaveProperty("zip");
    const as2026 = await callApi("GET", `/2026-01/trackings/${id}`, { key });
    expect(as2026.body.data.checkpoints[0]).toHaveProperty("postal_code");
    expect(as2026.body.data.checkpoints[0]).not.toHaveProperty("zip");
    expect(as2026.body.data).toHaveProperty("last_mile_tracking_supported");

    const single = await callApi("PUT", `/2026-01/trackings/${id}`, {
      key,
      body: { order_promised_delivery_date: { promised_delivery_date: "2026-03-15T10:00:00" } },
    });
    expect(single.body.data.order_promised_delivery_date).toEqual({
      promised_delivery_date: "2026-03-15T10:00:00",
      promised_delivery_date_min: null,
      promised_delivery_date_max: null,
    });
    const cleared = await callApi("PUT", `/2026-01/trackings/${id}`, { key, body: { order_promised_delivery_date: null } });
    expect(cleared.body.data.order_promised_delivery_date).toBeNull();

    for (const bad of [
      "2026-03-15",
      { promised_delivery_date: "tomorrow" },
      { promised_delivery_date_min: "2026-03-11T09:00:00" },
      { promised_delivery_date: "2026-03-15", promised_delivery_date_min: "2026-03-11", promised_delivery_date_max: "2026-03-12" },
    ]) {
      const refused = await callApi("PUT", `/2026-01/trackings/${id}`, { key, body: { order_promised_delivery_date: bad } });
      expect({ bad, status: refused.status }).toEqual({ bad, status: 400 });
      expect(refused.body.meta.message).toContain("order_promised_delivery_date");
    }
  });

  it("2026-07 adds the checkpoint hash, customers' ids, the shipment direction with linked returns, and drops last_mile_tracking_supported", async () => {
    const { key, organization } = await createTenant(testDb.db);
    const forward = await callApi("POST", "/2026-07/trackings", {
      key,
      body: {
        tracking_number: testingNumber(),
        slug: "testing-courier",
        order_id: "ORD-7",
        customers: [{ id: "cust-42", name: "Ana", email: "ana@example.com" }],
      },
    });
    expect(forward.status).toBe(201);
    expect(forward.body.data.customers).toEqual([{ id: "cust-42", role: null, name: "Ana", phone_number: null, email: "ana@example.com", language: null }]);
    expect(forward.body.data).not.toHaveProperty("last_mile_tracking_supported");
    expect(forward.body.data).toMatchObject({
      shipment_direction: null,
      shipment_dimensions: null,
      proof_of_delivery: null,
      multi_piece_info: null,
      return_shipment: null,
      forward_shipment: null,
    });

    const returned = await callApi("POST", "/2026-07/trackings", {
      key,
      body: { tracking_number: testingNumber(), slug: "testing-courier", order_id: "ORD-7", shipment_direction: "return" },
    });
    expect(returned.body.data).toMatchObject({
      shipment_direction: "return",
      forward_shipment: { id: forward.body.data.id, tracking_number: forward.body.data.tracking_number, slug: "testing-courier" },
    });
    const linked = await callApi("GET", `/2026-07/trackings/${forward.body.data.id}`, { key });
    expect(linked.body.data).toMatchObject({
      shipment_direction: "forward",
      return_shipment: { id: returned.body.data.id, tracking_number: returned.body.data.tracking_number },
    });

    await storeScan(organization.id, forward.body.data.id, { tag: "Delivered", subtag: "Delivered_005", message: "Left with neighbour" });
    const delivered = await callApi("GET", `/2026-07/trackings/${forward.body.data.id}`, { key });
    expect(delivered.body.data.checkpoints[0]).toMatchObject({ subtag: "Delivered_005", hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(delivered.body.data.subtag).toBe("Delivered_005");
    const older = await callApi("GET", `/2025-04/trackings/${forward.body.data.id}`, { key });
    expect(older.body.data).toMatchObject({ subtag: "Delivered_001", subtag_message: "Delivered" });
    expect(older.body.data.checkpoints[0]).not.toHaveProperty("hash");
    expect(older.body.data.customers[0]).not.toHaveProperty("id");

    const badDirection = await callApi("POST", "/2026-07/trackings", {
      key,
      body: { tracking_number: testingNumber(), slug: "testing-courier", shipment_direction: "sideways" },
    });
    expect(badDirection.status).toBe(400);
    expect(badDirection.body.meta.message).toContain("shipment_direction");
  });

  it("send webhooks in each of the six versions an endpoint may choose, with as-webhook-version", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    resetEnvForTests();
    const { key, organization } = await createTenant(testDb.db);
    const receiver = await startWebhookReceiver();
    const versions = ["v4", "2024-07", "2025-04", "2025-07", "2026-01", "2026-07"] as const;
    for (const apiVersion of versions) await createWebhookEndpoint(testDb.db, organization.id, { url: `${receiver.url}/${apiVersion}`, apiVersion });
    const created = await callApi("POST", "/2026-07/trackings", { key, body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    const jobs = await createTestEngine({ db: testDb.db, functions: [fanOutWebhooks, deliverWebhook] });
    try {
      await storeScan(organization.id, created.body.data.id, { tag: "InTransit", subtag: "InTransit_001", message: "Departed" });
      await jobs.drain();
    } finally {
      await jobs.stop();
      await receiver.close();
      delete process.env.WEBHOOK_ALLOW_PRIVATE;
      resetEnvForTests();
    }
    const byVersion = Object.fromEntries(receiver.received.map((webhook) => [webhook.path.split("/").pop()!, webhook]));
    expect(Object.keys(byVersion).sort()).toEqual([...versions].sort());
    for (const version of versions.filter((version) => version !== "v4")) expect(byVersion[version]!.headers["as-webhook-version"]).toBe(version);
    const msg = (version: string) => JSON.parse(byVersion[version]!.rawBody).msg;
    expect(msg("2025-07").custom_fields).toBeNull();
    expect(msg("2026-01").checkpoints[0]).toHaveProperty("postal_code");
    expect(msg("2026-07").checkpoints[0]).toHaveProperty("hash");
    expect(msg("2025-04").checkpoints[0]).not.toHaveProperty("hash");
  });
});
