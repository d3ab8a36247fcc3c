import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTracking } from "@/lib/trackings/create-tracking";
import { captureLog } from "@/lib/observability/log";
import { type FakeCarrierServer, startFakeCarrierServer } from "@/testing/carriers/fake-carrier-server";
import { createTenant } from "@/testing/factories";
import { createTestEngine } from "@/testing/inngest";
import { PollTestClock } from "@/testing/poll-test-clock";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { pollTrackings } from "./poll-trackings";

const database = setupTestDatabase();
const clock = new PollTestClock(Date.UTC(2030, 0, 1, 0, 0, 30));
let server: FakeCarrierServer;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  server = await startFakeCarrierServer({ recordRequests: false });
  Object.assign(process.env, server.env);
});
afterAll(async () => {
  await server.close();
  vi.useRealTimers();
});

describe("a carrier that is down", () => {
  it("writes a few lines for 100 polls, not a line or a stack trace each", async () => {
    const { organization } = await createTenant(database.db);
    server.fail("fedex", { kind: "server_error", status: 503 }, { endpoint: "track" });
    const captured = captureLog();
    try {
      const jobs = await createTestEngine({ db: database.db, functions: [pollTrackings], clock });
      const ids: string[] = [];
      for (let index = 0; index < 100; index++) {
        const { tracking } = await createTracking(database.db, organization, { trackingNumber: String(794600000000 + index), slugs: ["fedex"], fields: {} });
        ids.push(tracking.id);
      }
      for (const id of ids) await jobs.send({ name: "tracking/poll.requested", data: { organizationId: organization.id, slug: "fedex", trackingIds: [id] } });
      await jobs.drain();
      // The runner retries each poll within minutes, failing the same way; the next report, past the
      // interval, says how many polls the outage postponed meanwhile.
      await jobs.advance("6m");
      await jobs.send({ name: "tracking/poll.requested", data: { organizationId: organization.id, slug: "fedex", trackingIds: [ids[0]!] } });
      await jobs.drain();
      await jobs.stop();
    } finally {
      captured.restore();
      server.clearFailures();
    }
    const lines = captured.lines();
    const outages = lines.filter((line) => line.event === "carrier_outage");
    expect(outages.length).toBeGreaterThanOrEqual(1);
    expect(outages[0]).toMatchObject({ level: "warn", carrier: "fedex" });
    expect(outages.reduce((sum, line) => sum + Number(line.postponedPolls), 0)).toBeGreaterThanOrEqual(100);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(JSON.stringify(lines)).not.toMatch(/\bat \S+ \(/);
  });
});
