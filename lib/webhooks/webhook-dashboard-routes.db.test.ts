import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as endpointById from "@/app/api/dashboard/webhooks/endpoints/[id]/route";
import * as endpointTest from "@/app/api/dashboard/webhooks/endpoints/[id]/test/route";
import * as endpoints from "@/app/api/dashboard/webhooks/endpoints/route";
import * as deliveryById from "@/app/api/dashboard/webhooks/deliveries/[id]/route";
import * as redeliver from "@/app/api/dashboard/webhooks/deliveries/[id]/redeliver/route";
import * as deliveries from "@/app/api/dashboard/webhooks/deliveries/route";
import * as rotate from "@/app/api/dashboard/webhooks/secret/rotate/route";
import * as secret from "@/app/api/dashboard/webhooks/secret/route";
import * as messages from "@/app/api/dashboard/notifications/messages/route";
import type { MemberRole, Organization } from "@/db/schema";
import { eventsSent } from "@/testing/inngest";
import { addMember } from "@/lib/accounts/add-member";
import { getDashboardUser, type DashboardUser } from "@/lib/dashboard/session";
import { resetEnvForTests } from "@/lib/env";
import { prepareContactNotifications } from "@/lib/notifications/prepare-contact-notifications";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { getWebhookSecret } from "./get-webhook-secret";
import { seedWebhooksFromEnv } from "./seed-webhooks-from-env";
import { signWebhookBody } from "./sign-webhook-body";

vi.mock("@/lib/dashboard/session", () => ({ getDashboardUser: vi.fn() }));

const testDb = setupTestDatabase();
let signedIn: DashboardUser | null = null;
let receiver: WebhookReceiver;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
  receiver = await startWebhookReceiver((_, index) => (index === 0 ? { status: 200, body: "thanks" } : { status: 500, body: "down" }));
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvForTests();
  await receiver.close();
});
beforeEach(() => {
  signedIn = null;
  vi.mocked(getDashboardUser).mockImplementation(async () => signedIn);
});
afterEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
});

type Route = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

async function call(route: Route, options: { method?: string; path?: string; params?: object; body?: unknown } = {}) {
  const request = new Request(`http://waybill.test${options.path ?? "/api/dashboard/webhooks"}`, {
    method: options.method ?? "GET",
    headers: options.body === undefined ? { origin: "http://waybill.test" } : { "content-type": "application/json", origin: "http://waybill.test" },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const response = await route(request, { params: Promise.resolve(options.params ?? {}) });
  return { status: response.status, body: await response.json() };
}

let sequence = 0;
async function signIn(role: MemberRole, organization?: Organization): Promise<DashboardUser> {
  const org = organization ?? (await createTenant(testDb.db)).organization;
  const added = await addMember(testDb.db, org.id, { email: `webhooks${++sequence}@example.com`, role });
  signedIn = { id: added.userId, email: added.email, name: null, role, organization: org };
  return signedIn;
}

describe("the webhook settings API", () => {
  it("is for admins: members get 403, signed-out callers 401", async () => {
    const adminRoutes: Route[] = [
      endpoints.GET,
      endpoints.POST,
      endpointById.PATCH,
      endpointById.DELETE,
      endpointTest.POST,
      secret.GET,
      rotate.POST,
      deliveries.GET,
      deliveryById.GET,
      redeliver.POST,
    ];
    for (const route of adminRoutes) expect((await call(route, { method: "POST", params: { id: "x" }, body: {} })).status).toBe(401);
    await signIn("member");
    for (const route of adminRoutes) expect((await call(route, { method: "POST", params: { id: "x" }, body: {} })).status).toBe(403);
  });

  it("manages endpoints, reveals and rotates the secret, sends a test, lists deliveries and redelivers", async () => {
    const admin = await signIn("admin");

    const created = await call(endpoints.POST, {
      method: "POST",
      body: { url: receiver.url, apiVersion: "2025-04", signatureHeader: "aftership-hmac-sha256" },
    });
    expect(created.status).toBe(201);
    expect(created.body.endpoint).toMatchObject({ url: receiver.url, apiVersion: "2025-04", enabled: true, signatureHeader: "aftership-hmac-sha256" });
    const id = created.body.endpoint.id as string;
    expect((await call(endpoints.POST, { method: "POST", body: { url: "not a url", apiVersion: "v4" } })).body.error.message).toBe(
      "The webhook URL is not a valid absolute URL.",
    );
    expect((await call(endpoints.POST, { method: "POST", body: { url: receiver.url, apiVersion: "v5" } })).status).toBe(400);
    expect((await call(endpoints.POST, { method: "POST", body: { url: receiver.url, apiVersion: "v4" } })).body.error.message).toMatch(/already receives/);

    const patched = await call(endpointById.PATCH, { method: "PATCH", params: { id }, body: { enabled: false } });
    expect(patched.body.endpoint).toMatchObject({ id, enabled: false, apiVersion: "2025-04" });
    expect((await call(endpoints.GET)).body.endpoints).toEqual([patched.body.endpoint]);

    const revealed = await call(secret.GET);
    expect(revealed.body.secret).toMatchObject({ rotatedAt: null, previous: null });
    expect(revealed.body.secret.secret).toMatch(/^[a-z0-9]{32}$/);
    const rotated = await call(rotate.POST, { method: "POST" });
    expect(rotated.body.secret.previous).toMatchObject({ secret: revealed.body.secret.secret });
    expect(Date.parse(rotated.body.secret.previous.expiresAt) - Date.parse(rotated.body.secret.rotatedAt)).toBe(24 * 60 * 60 * 1000);

    // A test goes out even while the endpoint is disabled, and answers at once.
    const tested = await call(endpointTest.POST, { method: "POST", params: { id } });
    expect(tested.body).toMatchObject({ delivered: true, attempt: { attempt: 1, succeeded: true, statusCode: 200, responseBody: "thanks", error: null } });
    const sent = receiver.received.at(-1)!;
    expect(sent.headers["aftership-hmac-sha256"]).toBe(signWebhookBody(sent.rawBody, rotated.body.secret.secret));
    expect(sent.headers["aftership-hmac-sha256-previous"]).toBe(signWebhookBody(sent.rawBody, revealed.body.secret.secret));
    expect(JSON.parse(sent.rawBody)).toMatchObject({ event: "tracking_update", msg: { tracking_number: "WAYBILLTEST0001", slug: "testing-courier" } });

    const log = await call(deliveries.GET, { path: `/api/dashboard/webhooks/deliveries?endpointId=${id}` });
    expect(log.body).toMatchObject({ nextCursor: null, deliveries: [{ id: tested.body.deliveryId, trigger: "test", status: "delivered", attemptCount: 1 }] });
    const detail = await call(deliveryById.GET, { params: { id: tested.body.deliveryId } });
    expect(detail.body.delivery).toMatchObject({ body: sent.rawBody, attempts: [{ attempt: 1, statusCode: 200 }] });

    expect((await call(redeliver.POST, { method: "POST", params: { id: tested.body.deliveryId } })).body.error.message).toMatch(/disabled/);
    await call(endpointById.PATCH, { method: "PATCH", params: { id }, body: { enabled: true } });
    const again = await call(redeliver.POST, { method: "POST", params: { id: tested.body.deliveryId } });
    expect(again.status).toBe(201);
    expect(again.body.delivery).toMatchObject({
      trigger: "redelivery",
      redeliveryOf: tested.body.deliveryId,
      eventId: detail.body.delivery.eventId,
      status: "pending",
    });
    expect((await eventsSent(testDb.db, "webhook/delivery.requested")).at(-1)).toMatchObject({
      data: { organizationId: admin.organization.id, deliveryId: again.body.delivery.id },
    });
    const page = await call(deliveries.GET, { path: "/api/dashboard/webhooks/deliveries?limit=1" });
    expect(page.body).toMatchObject({ deliveries: [{ id: again.body.delivery.id }], nextCursor: again.body.delivery.id });
    const older = await call(deliveries.GET, { path: `/api/dashboard/webhooks/deliveries?limit=1&cursor=${page.body.nextCursor}` });
    expect(older.body).toMatchObject({ deliveries: [{ id: tested.body.deliveryId }], nextCursor: null });

    // Another organisation's admin sees none of it.
    await signIn("admin");
    expect((await call(endpointById.DELETE, { method: "DELETE", params: { id } })).status).toBe(404);
    expect((await call(deliveryById.GET, { params: { id: tested.body.deliveryId } })).status).toBe(404);
    signedIn = admin;
    expect((await call(endpointById.DELETE, { method: "DELETE", params: { id } })).body).toEqual({ deleted: true });
    expect((await call(deliveries.GET)).body.deliveries).toEqual([]);
  });

  it("takes at most 10 URLs and refuses private ones unless allowed", async () => {
    await signIn("admin");
    for (let index = 0; index < 10; index++) {
      expect((await call(endpoints.POST, { method: "POST", body: { url: `${receiver.url}/${index}`, apiVersion: "v4" } })).status).toBe(201);
    }
    expect((await call(endpoints.POST, { method: "POST", body: { url: `${receiver.url}/10`, apiVersion: "v4" } })).body.error.message).toBe(
      "An organisation can have at most 10 webhook URLs.",
    );
    await signIn("admin");
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    resetEnvForTests();
    const refused = await call(endpoints.POST, { method: "POST", body: { url: receiver.url, apiVersion: "v4" } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^127\.0\.0\.1 is a private, loopback or link-local address/);
  });
});

describe("the notifications outbox API", () => {
  it("lists an organisation's contact messages, newest first, for any member", async () => {
    const { organization, key } = await createTenant(testDb.db);
    const trackingId = await createTestTracking(key, { emails: ["bo@example.com"], smses: ["+14155550199"] });
    // No engine runs here: prepare the messages notify-contacts would, with no transport configured.
    const { eventId } = await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_001", message: "On its way" });
    await prepareContactNotifications(
      testDb.db,
      { organizationId: organization.id, trackingId, sourceEventId: eventId, trigger: "InTransit" },
      { smtp: null, sms: null },
    );

    await signIn("member", organization);
    const listed = await call(messages.GET, { path: "/api/dashboard/notifications/messages?status=outbox" });
    expect(listed.status).toBe(200);
    expect(listed.body.nextCursor).toBeNull();
    expect(
      listed.body.messages
        .map((message: { channel: string; recipient: string; status: string }) => [message.channel, message.recipient, message.status])
        .sort(),
    ).toEqual([
      ["email", "bo@example.com", "outbox"],
      ["sms", "+14155550199", "outbox"],
    ]);
    expect((await call(messages.GET, { path: "/api/dashboard/notifications/messages?channel=fax" })).status).toBe(400);
  });
});

describe("first start", () => {
  it("takes the demo organisation's webhook URLs and secret from env, once", async () => {
    const { organization } = await createTenant(testDb.db);
    const seeded = await seedWebhooksFromEnv(testDb.db, organization.id, {
      urls: `${receiver.url}/a, ${receiver.url}/b|2025-04, ${receiver.url}/c|v9`,
      secret: "demo-webhook-secret",
    });
    expect(seeded).toEqual({
      seeded: true,
      endpoints: [`${receiver.url}/a`, `${receiver.url}/b`],
      refused: [expect.stringMatching(/\/c\|v9: expected a URL/)],
    });
    expect((await getWebhookSecret(testDb.db, organization.id)).secret).toBe("demo-webhook-secret");
    await signIn("admin", organization);
    expect((await call(endpoints.GET)).body.endpoints.map((endpoint: { apiVersion: string }) => endpoint.apiVersion)).toEqual(["v4", "2025-04"]);

    // Later starts leave what the dashboard owns alone.
    expect(await seedWebhooksFromEnv(testDb.db, organization.id, { urls: `${receiver.url}/d`, secret: "other" })).toEqual({
      seeded: false,
      endpoints: [],
      refused: [],
    });
    expect((await getWebhookSecret(testDb.db, organization.id)).secret).toBe("demo-webhook-secret");
  });
});
