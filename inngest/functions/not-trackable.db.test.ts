import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { trackings } from "@/db/schema";
import * as trackingById from "@/app/api/dashboard/trackings/[id]/route";
import * as trackingList from "@/app/api/dashboard/trackings/route";
import { addMember } from "@/lib/accounts/add-member";
import { FAKE_CREDENTIALS, FIXTURE_NUMBERS, type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { resetEncryptionKeyForTests } from "@/lib/connections/encryption-key";
import { getDashboardUser, type DashboardUser } from "@/lib/dashboard/session";
import { resetEnvForTests } from "@/lib/env";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { PollTestClock } from "@/testing/poll-test-clock";
import { createTestEngine, eventsSent, runsOf, type TestEngine } from "@/testing/inngest";
import { dispatchPolls } from "./dispatch-polls";
import { pollTrackings } from "./poll-trackings";
import { captureLog } from "@/lib/observability/log";

vi.mock("@/lib/dashboard/session", () => ({ getDashboardUser: vi.fn() }));

const database = setupTestDatabase();
const clock = new PollTestClock(Date.UTC(2030, 0, 1, 0, 0, 30));
let server: FakeCarrierServer;
let jobs: TestEngine;
let captured: ReturnType<typeof captureLog>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  server = await startFakeCarrierServer({ recordRequests: false });
  // UPS answers at the fake's address, but this server has no UPS credentials of its own.
  const { UPS_CLIENT_ID: _id, UPS_CLIENT_SECRET: _secret, ...withoutUps } = server.env;
  Object.assign(process.env, withoutUps, { WAYBILL_ENCRYPTION_KEY: randomBytes(32).toString("base64") });
  resetEnvForTests();
  resetEncryptionKeyForTests();
  jobs = await createTestEngine({ db: database.db, functions: [dispatchPolls, pollTrackings], clock });
});
afterAll(async () => {
  await jobs.stop();
  await server.close();
  vi.useRealTimers();
});
beforeEach(() => {
  captured = captureLog();
});
afterEach(() => captured.restore());

async function row(organizationId: string, id: string) {
  const [found] = await database.db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, id)));
  return found!;
}

type Route = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

async function dashboardGet(user: DashboardUser, route: Route, path: string, params: object = {}) {
  vi.mocked(getDashboardUser).mockResolvedValue(user);
  const response = await route(new Request(`http://waybill.test${path}`), { params: Promise.resolve(params) });
  return { status: response.status, body: await response.json() };
}

/** Everything logged, one string per line: a stack trace would show as an `err` with its frames. */
const logged = () => captured.lines().map((line) => [line.msg, line.err ? JSON.stringify(line.err) : ""].join(" ").trim());
const errors = () => captured.lines().filter((line) => line.level === "error");

describe("a direct carrier without server credentials", () => {
  it("leaves UPS trackings Pending with the reason, asks nobody, logs one short line an hour, and polls them once a UPS connection is added", async () => {
    const { key, organization } = await createTenant(database.db);
    const calls = server.requestCount("ups", "track");
    const first = (await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: FIXTURE_NUMBERS.ups.delivered, slug: "ups" } })).body
      .data.id as string;
    const second = (await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: FIXTURE_NUMBERS.ups.inTransit, slug: "ups" } })).body
      .data.id as string;
    await jobs.drain();

    const reason = "Not trackable: no UPS connection and no server credentials for UPS";
    const res = await callApi("GET", `/tracking/2025-04/trackings/${first}`, { key });
    expect(res.body.data).toMatchObject({ tag: "Pending", subtag: "Pending_001", subtag_message: reason });
    expect(await row(organization.id, second)).toMatchObject({ subtagMessage: reason, trackedCount: 0, nextPollAt: new Date(clock.now() + 6 * 3_600_000) });
    expect(server.requestCount("ups", "track")).toBe(calls);
    // Nothing a merchant would notice happened: no webhook.
    expect((await eventsSent(database.db, "tracking/updated")).filter((event) => event.data.organizationId === organization.id)).toEqual([]);

    // Two trackings looked at on creation and 6 hours later: one short line each time (not one per
    // tracking), no stack trace, no error.
    clock.set(clock.now() + 6 * 3_600_000 + 30_000);
    await jobs.drain();
    expect(await row(organization.id, first)).toMatchObject({ subtagMessage: reason, nextPollAt: new Date(clock.now() + 6 * 3_600_000) });
    expect(errors()).toEqual([]);
    expect(logged()).toEqual([
      "Waybill polls: Not trackable: no UPS connection and no server credentials for UPS; looked at again every 6 hours",
      "Waybill polls: Not trackable: no UPS connection and no server credentials for UPS; looked at again every 6 hours",
    ]);
    const failed = (await runsOf(database.db, "waybill-poll-trackings")).filter((run) => run.status !== "completed");
    expect(failed).toEqual([]);

    // The dashboard says what to do, in the list and on the tracking.
    const member = await addMember(database.db, organization.id, { email: `member-${organization.id}@example.com`, role: "member" });
    const user: DashboardUser = { id: member.userId, email: member.email, name: null, role: "member", organization };
    const advice = {
      reason: "no_credentials",
      message: expect.stringContaining("this server has no UPS credentials and your organisation has no UPS connection"),
      // 17TRACK follows UPS too: a provider key is the other way.
      actions: [
        { label: "Connect UPS", href: "/settings/connections" },
        { label: "add a tracking provider", href: "/settings/tracking-providers" },
      ],
    };
    const detail = await dashboardGet(user, trackingById.GET, `/api/dashboard/trackings/${first}`, { id: first });
    expect(detail).toMatchObject({ status: 200, body: { subtag_message: reason, not_trackable: advice } });
    const list = await dashboardGet(user, trackingList.GET, "/api/dashboard/trackings");
    // Created at the same instant: their order in the list is not defined.
    const rows = list.body.trackings.map((tracking: { id: string; not_trackable: unknown }) => [tracking.id, tracking.not_trackable]);
    expect(rows.sort()).toEqual(
      [
        [first, advice],
        [second, advice],
      ].sort(),
    );

    // A UPS connection: both trackings take it and are polled at the dispatcher's next minute.
    server.acceptCredentials("ups", { clientId: "merchant-ups-id", clientSecret: "merchant-ups-secret" });
    const connected = await callApi("POST", "/tracking/2025-04/courier-connections", {
      key,
      body: { courier_slug: "ups", credentials: { client_id: "merchant-ups-id", client_secret: "merchant-ups-secret" } },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    await jobs.advance("1m");
    expect(await row(organization.id, first)).toMatchObject({ tag: "Delivered", courierConnectionId: connected.body.data.id, trackedCount: 1 });
    expect(await row(organization.id, second)).toMatchObject({ tag: "InTransit", subtagMessage: expect.not.stringContaining("Not trackable") });
    expect((await dashboardGet(user, trackingById.GET, `/api/dashboard/trackings/${second}`, { id: second })).body.not_trackable).toBeNull();
  });

  it("takes the reason back when a tracking becomes trackable with no news yet", async () => {
    const { key, organization } = await createTenant(database.db);
    const id = (await callApi("POST", "/tracking/2025-04/trackings", { key, body: { tracking_number: FIXTURE_NUMBERS.ups.notFound, slug: "ups" } })).body.data
      .id as string;
    await jobs.drain();
    expect((await row(organization.id, id)).subtagMessage).toMatch(/^Not trackable/);
    const { clientId, clientSecret } = FAKE_CREDENTIALS.ups;
    await callApi("POST", "/tracking/2025-04/courier-connections", {
      key,
      body: { courier_slug: "ups", credentials: { client_id: clientId, client_secret: clientSecret } },
    });
    await jobs.advance("1m");
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending", subtagMessage: "Pending", trackedCount: 1 });
  });
});
