import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/db/rows-of";
import { attentionFlags } from "@/db/schema";
import { createOrganizationWithAdmin } from "@/lib/accounts/create-organization-with-admin";
import { setOrganizationLogo } from "@/lib/accounts/update-tracking-page";
import { renderWebhookTracking } from "@/lib/api/versions";
import { createCourierConnection } from "@/lib/connections/create-courier-connection";
import { resetEnvForTests } from "@/lib/env";
import { sendEvent, trackingEstimateRequested } from "@/lib/events/events";
import { saveTemplate } from "@/lib/notifications/templates/notification-templates";
import { pollTrackingBatch } from "@/lib/trackings/poll-tracking-batch";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";
import { callApi } from "@/testing/api-client";
import { createApiKey } from "@/lib/accounts/create-api-key";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { runCommandLine } from "./commands";
import { countOrganizationRows } from "./organization-data";

const database = setupTestDatabase();
let receiver: WebhookReceiver;
const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvForTests();
  await receiver.close();
});

/** An organisation with rows in as many tables as a merchant's work leaves them. */
async function busyOrganization(name: string) {
  const { organization, admin } = await createOrganizationWithAdmin(database.db, {
    name,
    adminEmail: `${name.toLowerCase()}@shop.example`,
    adminPassword: "a-long-password",
  });
  const { key } = await createApiKey(database.db, organization.id, "CI");
  await database.db.execute(sql`update organizations set rate_limits = '{"*": 100000}' where id = ${organization.id}`);
  const created = await callApi("POST", "/tracking/2025-04/trackings", {
    key,
    headers: { "idempotency-key": `create-${name}` },
    body: {
      tracking_number: `ITOD-1-${Date.now()}${name.length}`,
      slug: "testing-courier",
      customers: [{ role: "buyer", name: "Ana Lima", email: "ana@example.com" }],
      order_number: "#1001",
    },
  });
  expect(created.status).toBe(201);
  const trackingId = created.body.data.id as string;
  await callApi("GET", "/tracking/2025-04/trackings", { key });
  await pollTrackingBatch(
    database.db,
    { organizationId: organization.id, route: "direct", slug: "testing-courier", trackingIds: [trackingId] },
    new Date(Date.now() + 90_000),
  );
  const endpoint = await createWebhookEndpoint(database.db, organization.id, { url: receiver.url, apiVersion: "2025-04" });
  await sendTestWebhook(database.db, organization.id, endpoint.id, renderWebhookTracking);
  await saveTemplate(database.db, organization.id, "Delivered", "en", { subject: "Here", html: "<p>Here</p>", text: "Here", sms: "Here" });
  await createCourierConnection(database.db, organization.id, {
    courierSlug: "ups",
    credentials: { client_id: "id-1234567890", client_secret: "secret-1234567890" },
  });
  await setOrganizationLogo(database.db, organization.id, PNG);
  await database.db
    .insert(attentionFlags)
    .values({ organizationId: organization.id, trackingId, reason: "stalled", since: "2030-01-01", note: "call the courier" });
  await sendEvent(trackingEstimateRequested, { organizationId: organization.id, trackingIds: [trackingId] });
  await database.db.execute(sql`insert into rate_limiter_windows (key, points, expire) values (${`wbrl10:org:${organization.id}`}, 3, 0)`);
  return { organization, admin, trackingId };
}

describe("an organisation's data", () => {
  it("is exported as JSON Lines without secrets, then erased from every table, leaving the others untouched", async () => {
    const gone = await busyOrganization("Gone");
    const kept = await busyOrganization("Kept");
    const before = await countOrganizationRows(database.db, gone.organization.id);
    for (const table of [
      "trackings",
      "checkpoints",
      "webhook_deliveries",
      "webhook_attempts",
      "webhook_endpoints",
      "notification_templates",
      "courier_connections",
      "organization_logos",
      "attention_flags",
      "insight_rollups",
      "api_keys",
      "memberships",
      "idempotency_keys",
      "job_events",
      "rate_limiter_windows",
      "organizations",
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const keptBefore = await countOrganizationRows(database.db, kept.organization.id);

    const directory = mkdtempSync(path.join(os.tmpdir(), "waybill-export-"));
    try {
      const exported = await runCommandLine(database.db, ["org", "export", "--org", gone.organization.id, "--out", directory]);
      expect(exported.exitCode, exported.output).toBe(0);
      expect(readdirSync(directory)).toEqual(
        expect.arrayContaining(["organization.jsonl", "trackings.jsonl", "members.jsonl", "webhook_endpoints.jsonl", "notification_templates.jsonl"]),
      );
      const [tracking] = readFileSync(path.join(directory, "trackings.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(tracking).toMatchObject({ id: gone.trackingId, emails: ["ana@example.com"], orderNumber: "#1001" });
      expect(tracking.checkpoints.length).toBeGreaterThan(0);
      const everything = readdirSync(directory)
        .map((file) => readFileSync(path.join(directory, file), "utf8"))
        .join("\n");
      expect(everything).not.toMatch(/secret-1234567890|keyHash|ciphertext|"secret"/i);
      expect(everything).not.toContain(kept.trackingId);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }

    const refused = await runCommandLine(database.db, ["org", "delete", "--org", gone.organization.id, "--confirm", "Kept"]);
    expect(refused.exitCode).not.toBe(0);
    expect((await countOrganizationRows(database.db, gone.organization.id)).trackings).toBe(1);

    const deleted = await runCommandLine(database.db, ["org", "delete", "--org", gone.organization.id, "--confirm", "Gone"]);
    expect(deleted.exitCode, deleted.output).toBe(0);
    const after = await countOrganizationRows(database.db, gone.organization.id);
    expect(Object.entries(after).filter(([, count]) => count > 0)).toEqual([]);
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(Object.keys(before).length);
    expect(rowsOf(await database.db.execute(sql`select email from users where email = ${gone.admin.email}`))).toEqual([]);
    expect(await countOrganizationRows(database.db, kept.organization.id)).toEqual(keptBefore);
  });
});
