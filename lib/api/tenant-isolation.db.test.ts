import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkpoints, courierConnections, trackings } from "@/db/schema";
import { deliverWebhook } from "@/inngest/functions/deliver-webhook";
import { fanOutWebhooks } from "@/inngest/functions/fan-out-webhooks";
import { createTestEngine } from "@/testing/inngest";
import { createCourierConnection } from "@/lib/connections/create-courier-connection";
import { resetEnvForTests } from "@/lib/env";
import { runCommandLine } from "@/lib/operators/commands";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import { API_VERSIONS } from "./types";
import { routeTables } from "./versions/route-tables";

const testDb = setupTestDatabase();

interface Tenant {
  organizationId: string;
  key: string;
}

/** An organisation as an operator makes one: `npm run admin -- org create`. */
async function operatorOrganization(name: string): Promise<Tenant> {
  const created = await runCommandLine(testDb.db, [
    "org",
    "create",
    "--name",
    name,
    "--admin-email",
    `${name.toLowerCase()}@example.test`,
    "--admin-password",
    "long-enough-1",
  ]);
  expect(created.exitCode, created.output).toBe(0);
  return { organizationId: /^Organisation: (\S+)/m.exec(created.output)![1]!, key: /^API key: (\S+)$/m.exec(created.output)![1]! };
}

/** A body each operation would accept, so a refusal can only come from the ownership check. */
function bodyFor(version: string, method: string, pattern: string): unknown {
  if (method === "GET" || method === "DELETE") return undefined;
  if (pattern.endsWith("/mark-as-completed")) return { reason: "LOST" };
  if (pattern.endsWith("/add") || pattern.endsWith("/remove")) return { notification: { emails: ["intruder@example.test"], smses: [] } };
  if (pattern.startsWith("/courier-connections")) return { credentials: { client_id: "intruder", client_secret: "intruder" } };
  if (method === "PUT") return version === "v4" ? { tracking: { title: "Taken over" } } : { title: "Taken over" };
  return {};
}

let a: Tenant;
let b: Tenant;
let trackingId: string;
let trackingNumber: string;
let connectionId: string;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
  a = await operatorOrganization("Alpha");
  b = await operatorOrganization("Bravo");
  trackingId = await createTestTracking(a.key, { title: "Alpha's parcel", emails: ["alpha-buyer@example.test"] });
  const [row] = await testDb.db.select().from(trackings).where(eq(trackings.id, trackingId));
  trackingNumber = row!.trackingNumber;
  connectionId = (
    await createCourierConnection(testDb.db, a.organizationId, { courierSlug: "ups", credentials: { client_id: "alpha", client_secret: "alpha-secret" } })
  ).id;
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvForTests();
});

describe("two organisations made with the operator CLI", () => {
  it("org B's key never reads, changes or deletes org A's data on any route of any version: 404", async () => {
    const before = await testDb.db.select().from(trackings).where(eq(trackings.id, trackingId));
    const attempts = API_VERSIONS.flatMap((version) =>
      routeTables[version]
        .filter((route) => route.pattern.includes(":"))
        .map((route) => ({
          version,
          method: route.method,
          pattern: route.pattern,
          path: `/${version}${route.pattern
            .replace(":tracking_number", trackingNumber)
            .replace(":slug", "testing-courier")
            .replace(":id", route.pattern.startsWith("/courier-connections") ? connectionId : trackingId)}`,
        })),
    );
    expect(attempts.length).toBeGreaterThan(30);
    for (const attempt of attempts) {
      const answer = await callApi(attempt.method, attempt.path, { key: b.key, body: bodyFor(attempt.version, attempt.method, attempt.pattern) });
      expect({ ...attempt, status: answer.status }).toEqual({ ...attempt, status: 404 });
    }
    expect(await testDb.db.select().from(trackings).where(eq(trackings.id, trackingId))).toEqual(before);
    expect(await testDb.db.select().from(checkpoints).where(eq(checkpoints.trackingId, trackingId))).toEqual([]);
    expect(await testDb.db.select().from(courierConnections).where(eq(courierConnections.id, connectionId))).toHaveLength(1);
  });

  it("org B's lists and searches never show org A's trackings or connections", async () => {
    for (const path of ["/v4/trackings", "/2024-07/trackings", "/2025-04/trackings", `/2024-07/trackings?keyword=${trackingNumber}`]) {
      const answer = await callApi("GET", path, { key: b.key });
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body.data)).not.toContain(trackingId);
    }
    const connections = await callApi("GET", "/2025-04/courier-connections", { key: b.key });
    expect(JSON.stringify(connections.body.data)).not.toContain(connectionId);
    const own = await callApi("GET", "/2025-04/trackings", { key: a.key });
    expect(JSON.stringify(own.body.data)).toContain(trackingId);
  });

  it("org A's webhooks reach org A's endpoints only", async () => {
    const [alphaReceiver, bravoReceiver] = [await startWebhookReceiver(), await startWebhookReceiver()];
    receivers.push(alphaReceiver, bravoReceiver);
    await createWebhookEndpoint(testDb.db, a.organizationId, { url: alphaReceiver.url, apiVersion: "2025-04" });
    await createWebhookEndpoint(testDb.db, b.organizationId, { url: bravoReceiver.url, apiVersion: "2025-04" });
    const jobs = await createTestEngine({ db: testDb.db, functions: [fanOutWebhooks, deliverWebhook] });
    try {
      await storeScan(a.organizationId, trackingId, { tag: "InTransit", subtag: "InTransit_001", message: "Departed" });
      await jobs.drain();
    } finally {
      await jobs.stop();
    }
    expect(alphaReceiver.received).toHaveLength(1);
    expect(alphaReceiver.received[0]!.rawBody).toContain(trackingId);
    expect(bravoReceiver.received).toHaveLength(0);
  });
});
