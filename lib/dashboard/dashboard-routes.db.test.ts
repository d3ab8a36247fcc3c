import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { organizations, type MemberRole, type Organization } from "@/db/schema";
import * as accountPassword from "@/app/api/dashboard/account/password/route";
import * as apiKeyById from "@/app/api/dashboard/api-keys/[id]/route";
import * as apiKeys from "@/app/api/dashboard/api-keys/route";
import * as connectionById from "@/app/api/dashboard/connections/[id]/route";
import * as connectionCouriers from "@/app/api/dashboard/connections/couriers/route";
import * as connections from "@/app/api/dashboard/connections/route";
import * as couriers from "@/app/api/dashboard/couriers/route";
import * as detect from "@/app/api/dashboard/couriers/detect/route";
import * as memberById from "@/app/api/dashboard/members/[userId]/route";
import * as members from "@/app/api/dashboard/members/route";
import * as preferredCouriers from "@/app/api/dashboard/settings/preferred-couriers/route";
import * as messagePreview from "@/app/api/dashboard/settings/notification-templates/preview/route";
import * as messageTemplates from "@/app/api/dashboard/settings/notification-templates/route";
import * as domainProof from "@/app/api/dashboard/settings/tracking-page/domain-proof/route";
import * as storesRoute from "@/app/api/dashboard/stores/route";
import * as storeById from "@/app/api/dashboard/stores/[id]/route";
import * as importsRoute from "@/app/api/dashboard/imports/route";
import * as complete from "@/app/api/dashboard/trackings/[id]/complete/route";
import * as contacts from "@/app/api/dashboard/trackings/[id]/contacts/route";
import * as retrack from "@/app/api/dashboard/trackings/[id]/retrack/route";
import * as trackingById from "@/app/api/dashboard/trackings/[id]/route";
import * as exportCsv from "@/app/api/dashboard/trackings/export/route";
import * as importCsv from "@/app/api/dashboard/trackings/import/route";
import * as trackings from "@/app/api/dashboard/trackings/route";
import { addMember } from "@/lib/accounts/add-member";
import { callApi } from "@/testing/api-client";
import { eventsSent } from "@/testing/inngest";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { getDashboardUser, type DashboardUser } from "./session";
import { captureLog } from "@/lib/observability/log";
import { pollRequestsSent } from "@/lib/trackings/poll-requests";
import { PREVIEWS_PER_MINUTE } from "./preview-budget";

vi.mock("./session", () => ({ getDashboardUser: vi.fn() }));

const testDb = setupTestDatabase();
let signedIn: DashboardUser | null = null;
beforeEach(() => {
  signedIn = null;
  vi.mocked(getDashboardUser).mockImplementation(async () => signedIn);
});

type Route = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

async function call(route: Route, options: { method?: string; path?: string; params?: object; body?: unknown; text?: string } = {}) {
  // The dashboard's own pages send their origin with every change.
  const headers: Record<string, string> = { origin: "http://waybill.test" };
  let body: string | undefined;
  if (options.text !== undefined) {
    body = options.text;
    headers["content-type"] = "text/csv";
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const request = new Request(`http://waybill.test${options.path ?? "/api/dashboard"}`, { method: options.method ?? "GET", headers, body });
  const response = await route(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  return { status: response.status, body: type.includes("json") ? JSON.parse(text) : text, headers: response.headers };
}

let sequence = 0;
const testingNumber = () => `ITOD-1-${Date.now()}${++sequence}`;

async function signIn(role: MemberRole, organization?: Organization): Promise<DashboardUser> {
  const org = organization ?? (await createTenant(testDb.db)).organization;
  const added = await addMember(testDb.db, org.id, { email: `user${++sequence}@example.com`, role });
  signedIn = { id: added.userId, email: added.email, name: null, role, organization: org };
  return signedIn;
}

/** Data of the background events the dashboard sent with this name. */
async function sentEvents(name: string): Promise<Array<Record<string, unknown>>> {
  return (await eventsSent(testDb.db, name)).map((event) => event.data);
}

async function reloadOrganization(user: DashboardUser) {
  const [organization] = await testDb.db.select().from(organizations).where(eq(organizations.id, user.organization.id));
  user.organization = organization!;
}

const everyRoute: Array<[string, Route]> = [
  ["GET trackings", trackings.GET],
  ["POST trackings", trackings.POST],
  ["GET tracking", trackingById.GET],
  ["PATCH tracking", trackingById.PATCH],
  ["DELETE tracking", trackingById.DELETE],
  ["POST complete", complete.POST],
  ["POST retrack", retrack.POST],
  ["POST contacts", contacts.POST],
  ["POST import", importCsv.POST],
  ["GET export", exportCsv.GET],
  ["GET couriers", couriers.GET],
  ["POST detect", detect.POST],
  ["GET preferred couriers", preferredCouriers.GET],
  ["PUT preferred couriers", preferredCouriers.PUT],
  ["GET api keys", apiKeys.GET],
  ["POST api keys", apiKeys.POST],
  ["DELETE api key", apiKeyById.DELETE],
  ["GET members", members.GET],
  ["POST members", members.POST],
  ["PATCH member", memberById.PATCH],
  ["DELETE member", memberById.DELETE],
  ["POST password", accountPassword.POST],
  ["GET connections", connections.GET],
  ["POST connections", connections.POST],
  ["PUT connection", connectionById.PUT],
  ["DELETE connection", connectionById.DELETE],
  ["GET connection couriers", connectionCouriers.GET],
  ["POST message preview", messagePreview.POST],
  ["POST domain proof", domainProof.POST],
  ["GET stores", storesRoute.GET],
  ["POST stores", storesRoute.POST],
  ["DELETE store", storeById.DELETE],
  ["GET imports", importsRoute.GET],
  ["POST imports", importsRoute.POST],
];

describe("every dashboard route", () => {
  it("answers 401 without a session", async () => {
    for (const [name, route] of everyRoute) {
      const res = await call(route, { method: "POST", params: { id: "x", userId: "x" }, body: {} });
      expect([name, res.status, typeof res.body.error.message]).toEqual([name, 401, "string"]);
    }
  });

  it("refuses members on the admin routes (403) and lets admins in", async () => {
    await signIn("member");
    const adminRoutes = [apiKeys.GET, apiKeys.POST, apiKeyById.DELETE, members.GET, members.POST, memberById.PATCH, memberById.DELETE];
    const settings = [
      connections.GET,
      connections.POST,
      connectionById.PUT,
      connectionById.DELETE,
      connectionCouriers.GET,
      messagePreview.POST,
      domainProof.POST,
    ];
    const stores = [storesRoute.GET, storesRoute.POST, storeById.DELETE, importsRoute.GET, importsRoute.POST];
    for (const route of [...adminRoutes, ...settings, ...stores]) {
      const res = await call(route, { method: "POST", params: { id: "x", userId: "x" }, body: { name: "k", role: "admin" } });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/admins only/i);
    }
    await signIn("admin");
    expect((await call(apiKeys.GET)).status).toBe(200);
    expect((await call(members.GET)).status).toBe(200);
  });
});

describe("trackings", () => {
  it("creates, lists, shows, edits, completes, retracks, changes contacts and deletes", async () => {
    await signIn("member");
    const number = testingNumber();
    const created = await call(trackings.POST, {
      method: "POST",
      body: { tracking_number: number, slug: "testing-courier", title: "Blue mug", customers: [{ name: "Ana", email: "ana@example.com" }] },
    });
    expect(created.status).toBe(201);
    // Requests for one tracking within LINGER_MS go as one: let the create's go before the retrack's.
    await pollRequestsSent();
    expect(created.body).toMatchObject({
      tracking_number: number,
      courier_name: "Testing Courier",
      tag: "Pending",
      customer_name: "Ana",
      emails: ["ana@example.com"],
    });
    const id = created.body.id as string;

    const list = await call(trackings.GET, { path: `/api/dashboard/trackings?keyword=${encodeURIComponent("blue mug")}` });
    expect(list.body).toMatchObject({ total: 1, hasNextPage: false, trackings: [{ id, title: "Blue mug", tag: "Pending" }] });

    const edited = await call(trackingById.PATCH, { method: "PATCH", params: { id }, body: { title: "Red mug", order_id: "A-1" } });
    expect(edited.body).toMatchObject({ title: "Red mug", order_id: "A-1" });

    const added = await call(contacts.POST, { method: "POST", params: { id }, body: { action: "add", smses: ["+34600000000"] } });
    expect(added.body).toMatchObject({ emails: ["ana@example.com"], smses: ["+34600000000"] });
    const refused = await call(contacts.POST, { method: "POST", params: { id }, body: { action: "add", emails: ["not-an-address"] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("not-an-address");

    const completed = await call(complete.POST, { method: "POST", params: { id }, body: { reason: "LOST" } });
    expect(completed.body).toMatchObject({ tag: "Exception", active: false });
    expect(completed.body.checkpoints.at(-1)).toMatchObject({ source: "user", message: "Marked as lost by the merchant" });
    // Webhooks and notifications hear about it, as they would from the API.
    expect(await sentEvents("tracking/updated")).toContainEqual(expect.objectContaining({ trackingId: id, tag: "Exception", previousTag: "Pending" }));
    const retracked = await call(retrack.POST, { method: "POST", params: { id } });
    expect(retracked.body).toMatchObject({ active: true });
    // Created and retracked: a first poll is requested each time instead of waiting for the dispatcher.
    await pollRequestsSent();
    const polls = (await sentEvents("tracking/poll.requested")).filter((data) => (data.trackingIds as string[]).includes(id));
    expect(polls).toHaveLength(2);
    expect((await call(retrack.POST, { method: "POST", params: { id } })).body.error.message).toMatch(/inactive/);

    expect((await call(trackingById.DELETE, { method: "DELETE", params: { id } })).status).toBe(200);
    expect((await call(trackingById.GET, { params: { id } })).status).toBe(404);
  });

  it("corrects the courier, asking for the new courier's required fields by their 2025-04 names", async () => {
    await signIn("member");
    const created = await call(trackings.POST, { method: "POST", body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    const id = created.body.id as string;
    const routesPolled = async () =>
      (await sentEvents("tracking/poll.requested")).filter((data) => (data.trackingIds as string[]).includes(id)).map((data) => data.slug ?? data.route);
    expect(await routesPolled()).toEqual(["testing-courier"]);
    const withoutFields = await call(trackingById.PATCH, { method: "PATCH", params: { id }, body: { slug: "asm" } });
    expect(withoutFields.status).toBe(400);
    expect(withoutFields.body.error.message).toContain("destination_postal_code");
    const withFields = await call(trackingById.PATCH, { method: "PATCH", params: { id }, body: { slug: "asm", destination_postal_code: "28001" } });
    expect(withFields.body).toMatchObject({ slug: "asm", destination_postal_code: "28001", courier_required_fields: ["destination_postal_code"] });
    const corrected = await call(trackingById.PATCH, { method: "PATCH", params: { id }, body: { slug: "ups" } });
    expect(corrected.body).toMatchObject({ slug: "ups", courier_name: "UPS", tag: "Pending" });
    // Each new courier asks for a poll (two made within the linger go as one). Nobody can follow ASM or
    // UPS here (no provider key, no UPS credentials): those polls only say so.
    const [, ...afterCorrections] = await routesPolled();
    expect(afterCorrections.length).toBeGreaterThan(0);
    expect(new Set(afterCorrections)).toEqual(new Set(["untrackable"]));
  });

  it("never shows another organisation's trackings", async () => {
    const owner = await signIn("admin");
    const created = await call(trackings.POST, { method: "POST", body: { tracking_number: testingNumber(), slug: "testing-courier" } });
    const id = created.body.id as string;
    await signIn("admin");
    expect((await call(trackingById.GET, { params: { id } })).status).toBe(404);
    expect((await call(trackingById.PATCH, { method: "PATCH", params: { id }, body: { title: "x" } })).status).toBe(404);
    expect((await call(trackingById.DELETE, { method: "DELETE", params: { id } })).status).toBe(404);
    expect((await call(complete.POST, { method: "POST", params: { id }, body: { reason: "LOST" } })).status).toBe(404);
    expect((await call(trackings.GET)).body.total).toBe(0);
    expect((await call(exportCsv.GET)).body).not.toContain(created.body.tracking_number);
    signedIn = owner;
    expect((await call(trackings.GET)).body.total).toBe(1);
  });

  it("pages with a cursor and filters by status, courier and creation date", async () => {
    await signIn("member");
    for (let index = 0; index < 5; index += 1) {
      await call(trackings.POST, { method: "POST", body: { tracking_number: testingNumber(), slug: index < 3 ? "testing-courier" : "ups" } });
    }
    const first = await call(trackings.GET, { path: "/api/dashboard/trackings?limit=2" });
    expect(first.body).toMatchObject({ total: 5, hasNextPage: true });
    const second = await call(trackings.GET, { path: `/api/dashboard/trackings?limit=2&cursor=${first.body.nextCursor}` });
    const third = await call(trackings.GET, { path: `/api/dashboard/trackings?limit=2&cursor=${second.body.nextCursor}` });
    const ids = [...first.body.trackings, ...second.body.trackings, ...third.body.trackings].map((row: { id: string }) => row.id);
    expect(new Set(ids).size).toBe(5);
    expect(third.body.hasNextPage).toBe(false);

    expect((await call(trackings.GET, { path: "/api/dashboard/trackings?slug=ups" })).body.total).toBe(2);
    expect((await call(trackings.GET, { path: "/api/dashboard/trackings?tag=Delivered" })).body.total).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call(trackings.GET, { path: `/api/dashboard/trackings?created_at_min=${tomorrow}` })).body.total).toBe(0);
    const bad = await call(trackings.GET, { path: "/api/dashboard/trackings?tag=Lost" });
    expect(bad.status).toBe(400);
  });

  it("suggests couriers as a number is typed, the preferred ones first", async () => {
    const user = await signIn("member");
    const res = await call(detect.POST, { method: "POST", body: { tracking_number: "1Z999AA10123456784" } });
    expect(res.body.couriers[0]).toMatchObject({ slug: "ups", name: "UPS", preferred: false });
    expect((await call(detect.POST, { method: "POST", body: { tracking_number: "1Z" } })).body.couriers).toEqual([]);
    await call(preferredCouriers.PUT, { method: "PUT", body: { slugs: ["testing-courier", "ups"] } });
    await reloadOrganization(user);
    const preferred = await call(detect.POST, { method: "POST", body: { tracking_number: "ITOD-1-123" } });
    expect(preferred.body.couriers[0]).toMatchObject({ slug: "testing-courier", preferred: true });
  });
});

describe("preferred couriers", () => {
  it("saves an ordered list, refuses unknown couriers, and the API uses the new list at once", async () => {
    const tenant = await createTenant(testDb.db);
    const user = await signIn("member", tenant.organization);
    // Warm the API's key cache first: the save must clear it.
    const before = await callApi("POST", "/2025-04/trackings", { key: tenant.key, body: { tracking_number: testingNumber() } });
    expect(before.status).toBe(201);

    expect((await call(preferredCouriers.PUT, { method: "PUT", body: { slugs: ["ups", "nope"] } })).body.error.message).toContain("nope");
    const saved = await call(preferredCouriers.PUT, { method: "PUT", body: { slugs: ["ups", "dhl", "UPS"] } });
    expect(saved.body).toEqual({ slugs: ["ups", "dhl"] });
    await reloadOrganization(user);
    expect((await call(preferredCouriers.GET)).body).toEqual({ slugs: ["ups", "dhl"] });

    const after = await callApi("POST", "/2025-04/trackings", { key: tenant.key, body: { tracking_number: testingNumber() } });
    expect(after.body.meta.code).toBe(4012);
  });
});

describe("API keys", () => {
  it("creates a key shown once, lists it by prefix, and revokes it", async () => {
    await signIn("admin");
    const created = await call(apiKeys.POST, { method: "POST", body: { name: "Shop" } });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key.startsWith(created.body.apiKey.keyStart)).toBe(true);
    expect((await callApi("GET", "/2025-04/trackings", { key })).status).toBe(200);

    const list = await call(apiKeys.GET);
    const listed = list.body.apiKeys.find((apiKey: { id: string }) => apiKey.id === created.body.apiKey.id);
    expect(listed).toMatchObject({ name: "Shop", keyStart: created.body.apiKey.keyStart, revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(key);

    expect((await call(apiKeyById.DELETE, { method: "DELETE", params: { id: listed.id } })).status).toBe(200);
    expect((await callApi("GET", "/2025-04/trackings", { key })).status).toBe(401);
    expect((await call(apiKeyById.DELETE, { method: "DELETE", params: { id: listed.id } })).status).toBe(404);
  });

  it("cannot revoke another organisation's key", async () => {
    const other = await createTenant(testDb.db);
    await signIn("admin");
    expect((await call(apiKeyById.DELETE, { method: "DELETE", params: { id: other.apiKeyId } })).status).toBe(404);
    expect((await callApi("GET", "/2025-04/trackings", { key: other.key })).status).toBe(200);
  });
});

describe("courier connections", () => {
  withTestEncryptionKey();

  it("offers forms built from each courier's credential fields", async () => {
    await signIn("admin");
    const res = await call(connectionCouriers.GET);
    const ups = res.body.couriers.find((courier: { slug: string }) => courier.slug === "ups");
    expect(ups.fields).toEqual([
      { name: "client_id", required: true, secret: false },
      { name: "client_secret", required: true, secret: true },
      { name: "account_number", required: false, secret: false },
    ]);
    expect(res.body.couriers.every((courier: { fields: unknown[] }) => courier.fields.length > 0)).toBe(true);
  });

  it("stores credentials, shows secrets masked only, replaces them whole and deletes; other organisations see nothing", async () => {
    await signIn("admin");
    const secret = "very-secret-value-1234";
    const missing = await call(connections.POST, { method: "POST", body: { courierSlug: "ups", credentials: { client_id: "abc" } } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain("client_secret");
    const created = await call(connections.POST, { method: "POST", body: { courierSlug: "ups", credentials: { client_id: "abc", client_secret: secret } } });
    expect(created.status).toBe(201);
    expect(created.body.connection).toMatchObject({ courierSlug: "ups", courierName: "UPS", credentials: { client_id: "abc", client_secret: "••••1234" } });
    const listed = await call(connections.GET);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const id = created.body.connection.id as string;

    const replaced = await call(connectionById.PUT, {
      method: "PUT",
      params: { id },
      body: { credentials: { client_id: "def", client_secret: "another-secret-5678" } },
    });
    expect(replaced.body.connection.credentials).toEqual({ client_id: "def", client_secret: "••••5678" });

    const owner = signedIn;
    await signIn("admin");
    expect((await call(connections.GET)).body.connections).toEqual([]);
    expect((await call(connectionById.DELETE, { method: "DELETE", params: { id } })).status).toBe(404);
    signedIn = owner;
    expect((await call(connectionById.DELETE, { method: "DELETE", params: { id } })).status).toBe(200);
    expect((await call(connections.GET)).body.connections).toEqual([]);
  });
});

describe("members", () => {
  it("adds a member with a one-time password, changes roles, keeps the last admin and removes members", async () => {
    const admin = await signIn("admin");
    const added = await call(members.POST, { method: "POST", body: { email: "new.person@example.com", name: "New", role: "member" } });
    expect(added.status).toBe(201);
    expect(added.body.initialPassword).toHaveLength(16);
    expect((await call(members.POST, { method: "POST", body: { email: "new.person@example.com", role: "member" } })).status).toBe(409);

    const userId = added.body.userId as string;
    expect((await call(memberById.PATCH, { method: "PATCH", params: { userId }, body: { role: "admin" } })).status).toBe(200);
    expect((await call(memberById.PATCH, { method: "PATCH", params: { userId: admin.id }, body: { role: "member" } })).status).toBe(200);
    expect((await call(memberById.PATCH, { method: "PATCH", params: { userId }, body: { role: "member" } })).status).toBe(409);
    expect((await call(memberById.DELETE, { method: "DELETE", params: { userId: admin.id } })).status).toBe(200);
    const listed = (await call(members.GET)).body.members.map((member: { email: string; role: string }) => [member.email, member.role]);
    expect(listed).toEqual([["new.person@example.com", "admin"]]);
  });
});

describe("CSV", () => {
  it("imports good rows, reports bad ones by row number, and exports the current filter", async () => {
    await signIn("member");
    const good = [testingNumber(), testingNumber()];
    const csv = [
      "tracking_number,slug,title,customer_email,destination_country_region",
      `${good[0]},testing-courier,"Mug, blue",ana@example.com,ESP`,
      `x,testing-courier,Too short,,`,
      `${good[1]},,Detected,,`,
      `${testingNumber()},no-such-courier,Bad slug,,`,
      `${testingNumber()},testing-courier,Bad mail,not-a-mail,`,
    ].join("\n");
    const res = await call(importCsv.POST, { method: "POST", text: csv });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.failed.map((failure: { row: number }) => failure.row)).toEqual([3, 5, 6]);
    expect(res.body.failed[0].message).toMatch(/tracking_number/);
    expect(res.body.failed[1].message).toMatch(/slug/);
    expect(res.body.failed[2].message).toMatch(/not-a-mail/);

    const exported = await call(exportCsv.GET, { path: "/api/dashboard/trackings/export?keyword=mug" });
    expect(exported.headers.get("content-disposition")).toMatch(/attachment; filename="trackings-/);
    const lines = (exported.body as string).trim().split("\r\n");
    expect(lines[0]!.startsWith("tracking_number,slug,title,")).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${good[0]},testing-courier,"Mug, blue"`);
    expect(lines[1]).toContain("ana@example.com");

    // An export imports back: its read-only columns are skipped (here the rows already exist).
    const again = await call(importCsv.POST, { method: "POST", text: exported.body as string });
    expect(again.body).toMatchObject({ created: 0, failed: [{ row: 2, message: "Tracking already exists." }] });
  });

  it("refuses a file without a tracking_number column or with unknown columns", async () => {
    await signIn("member");
    expect((await call(importCsv.POST, { method: "POST", text: "number\n123" })).body.error.message).toMatch(/tracking_number/);
    expect((await call(importCsv.POST, { method: "POST", text: "tracking_number,colour\n1234,red" })).body.error.message).toMatch(/"colour"/);
    expect((await call(importCsv.POST, { method: "POST", text: "tracking_number\n" })).body.error.message).toMatch(/no trackings/);
  });
});

describe("account", () => {
  it("changes the password only when the current one is right", async () => {
    const org = (await createTenant(testDb.db)).organization;
    const added = await addMember(testDb.db, org.id, { email: `user${++sequence}@example.com`, role: "member" });
    signedIn = { id: added.userId, email: added.email, name: null, role: "member", organization: org };
    const wrong = await call(accountPassword.POST, { method: "POST", body: { currentPassword: "wrong", newPassword: "another-password" } });
    expect(wrong.status).toBe(400);
    const right = await call(accountPassword.POST, { method: "POST", body: { currentPassword: added.initialPassword, newPassword: "another-password" } });
    expect(right.status).toBe(200);
  });
});

describe("cross-site request forgery", () => {
  // A new API key: what a forged request would most like to get.
  const forged = (headers: Record<string, string>, body = JSON.stringify({ name: "forged" })) =>
    apiKeys.POST(new Request("http://waybill.test/api/dashboard/api-keys", { method: "POST", headers, body }), { params: Promise.resolve({}) });

  it("refuses a change from another origin, a sibling subdomain, or with no origin at all", async () => {
    await signIn("admin");
    for (const headers of <Record<string, string>[]>[
      { "content-type": "application/json", origin: "https://evil.example" },
      { "content-type": "application/json", origin: "http://shop.waybill.test" },
      { "content-type": "application/json", "sec-fetch-site": "same-site" },
      { "content-type": "application/json" },
    ]) {
      const response = await forged(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect((await response.json()).error.message).toMatch(/Waybill's own pages/);
    }
  });

  it("refuses JSON sent as text/plain or a form, even from the same origin", async () => {
    await signIn("admin");
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const response = await forged({ "content-type": type, origin: "http://waybill.test" });
      expect(response.status, type).toBe(415);
    }
    const accepted = await forged({ "content-type": "application/json", "sec-fetch-site": "same-origin" });
    expect(accepted.status).toBeLessThan(300);
  });
});

describe("request sizes on dashboard routes", () => {
  it("refuses a chunked JSON body past 64 KB with a 413, and a CSV past 5 MB", async () => {
    await signIn("admin");
    const chunked = (kilobytes: number, type: string) =>
      new Request("http://waybill.test/api/dashboard/api-keys", {
        method: "POST",
        headers: { origin: "http://waybill.test", "content-type": type },
        duplex: "half",
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < kilobytes; i++) controller.enqueue(new Uint8Array(1024).fill(0x20));
            controller.close();
          },
        }),
      } as RequestInit);
    const json = await apiKeys.POST(chunked(100, "application/json"), { params: Promise.resolve({}) });
    expect(json.status).toBe(413);
    const csv = await importCsv.POST(chunked(6 * 1024, "text/csv"), { params: Promise.resolve({}) });
    expect(csv.status).toBe(413);
    expect((await csv.json()).error.message).toMatch(/larger than 5 MB/);
  });
});

describe("input the database cannot hold, on dashboard routes", () => {
  it("answers NUL characters with a 400 naming the field, and repairs lone surrogates, never a 500", async () => {
    await signIn("admin");
    const nul = await call(trackings.POST, { method: "POST", body: { tracking_number: `ITOD-1-${Date.now()}`, slug: "testing-courier", title: "a\u0000b" } });
    expect(nul.status).toBe(400);
    expect(nul.body.error.message).toMatch(/title.*NUL/);
    const listed = await call(trackings.GET, { path: "/api/dashboard/trackings?keyword=a%00b" });
    expect(listed.status).toBe(400);
    const surrogate = await call(trackings.POST, {
      method: "POST",
      body: { tracking_number: `ITOD-1-${Date.now()}9`, slug: "testing-courier", title: "half \ud800 pair" },
    });
    expect(surrogate.status).toBe(201);
    expect(surrogate.body.title).toBe("half \ufffd pair");
    const csv = await call(importCsv.POST, { method: "POST", text: `tracking_number,slug,title\nITOD-1-${Date.now()}8,testing-courier,a\u0000b\n` });
    expect(csv.status).toBe(200);
    expect(csv.body.failed[0].message).toMatch(/NUL/);
  });
});

describe("server errors in the log", () => {
  it("name the method, the path without its query, the request id and the error class, not the message", async () => {
    const { logServerError } = await import("@/lib/log-server-error");
    const captured = captureLog();
    const driverError = Object.assign(new Error("duplicate key value violates unique constraint: Key (email)=(ana@example.com) already exists."), {
      name: "PostgresError",
      code: "23505",
    });
    logServerError("dashboard", new Request("http://waybill.test/api/dashboard/trackings?keyword=ana@example.com", { method: "POST" }), "req-1", driverError);
    captured.restore();
    const [line] = captured.lines();
    expect(line).toMatchObject({
      level: "error",
      msg: "[dashboard] POST /api/dashboard/trackings failed",
      requestId: "req-1",
      path: "/api/dashboard/trackings",
    });
    expect(line!.error).toMatch(/^PostgresError \(code 23505\)/);
    expect(JSON.stringify(line)).not.toContain("ana@example.com");
  });
});

describe("message templates", () => {
  const runaway = "{% for i in (1..900) %}{% for j in (1..900) %}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{% endfor %}{% endfor %}";
  const template = { language: "en", subject: "Your parcel", html: "<p>{{ status }}</p>", text: "{{ status }}", sms: "{{ status }}" };

  it("refuses a template that renders too large, in preview and on save, naming the part (400, not 500)", async () => {
    await signIn("admin");
    const preview = await call(messagePreview.POST, { method: "POST", body: { ...template, html: runaway } });
    expect(preview).toMatchObject({
      status: 400,
      body: { error: { message: "html: renders to more than 200,000 characters; shorten loops and repeated text." } },
    });
    const saved = await call(messageTemplates.PUT, { method: "PUT", body: { ...template, trigger: "Delivered", sms: runaway } });
    expect(saved).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining("sms: renders to more than 1,600 characters") } } });
    expect((await call(messagePreview.POST, { method: "POST", body: template })).body.preview).toMatchObject({ subject: "Your parcel" });
  });

  it("limits previews per user", async () => {
    const admin = await signIn("admin");
    for (let count = 1; count < PREVIEWS_PER_MINUTE; count += 1) await call(messagePreview.POST, { method: "POST", body: template });
    expect((await call(messagePreview.POST, { method: "POST", body: template })).status).toBe(200);
    const refused = await call(messagePreview.POST, { method: "POST", body: template });
    expect(refused).toMatchObject({ status: 429, body: { error: { message: expect.stringContaining(`at most ${PREVIEWS_PER_MINUTE} a minute`) } } });
    // Another admin of the same organisation has a budget of their own.
    await signIn("admin", admin.organization);
    expect((await call(messagePreview.POST, { method: "POST", body: template })).status).toBe(200);
  });
});
