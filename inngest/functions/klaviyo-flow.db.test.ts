import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { klaviyoView, saveKlaviyoSettings } from "@/lib/notifications/klaviyo/klaviyo-settings";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { createTestEngine, type TestEngine } from "@/testing/inngest";
import { startFakeKlaviyo, type FakeKlaviyo } from "@/testing/klaviyo/fake-klaviyo";
import { PollTestClock } from "@/testing/poll-test-clock";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTestTracking } from "@/testing/tracking-updates";
import { dispatchPolls } from "./dispatch-polls";
import { pollTrackings } from "./poll-trackings";
import { sendToKlaviyo, sweepKlaviyo } from "./send-to-klaviyo";

const database = setupTestDatabase();
withTestEncryptionKey();
const clock = new PollTestClock(Date.UTC(2030, 0, 1, 0, 0, 30));
let klaviyo: FakeKlaviyo;
let jobs: TestEngine;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  klaviyo = await startFakeKlaviyo();
  vi.stubEnv("KLAVIYO_API_BASE_URL", klaviyo.url);
  vi.stubEnv("PUBLIC_BASE_URL", "https://waybill.example");
  resetEnvForTests();
  jobs = await createTestEngine({ db: database.db, functions: [dispatchPolls, pollTrackings, sweepKlaviyo, sendToKlaviyo], clock });
});
afterAll(async () => {
  await jobs.stop();
  await klaviyo.close();
  vi.unstubAllEnvs();
  resetEnvForTests();
  vi.useRealTimers();
});

const metricsOf = (number: string) => klaviyo.events.filter((event) => event.properties.tracking_number === number).map((event) => event.metric);

describe("Klaviyo", () => {
  it("gets each status of a shipment once, as its own metric with the shopper's profile, waits out a 429 and shows a revoked key", async () => {
    const { organization, key } = await createTenant(database.db);
    await expect(saveKlaviyoSettings(database.db, organization.id, { key: "pk_not_the_key_000" }, new Date(clock.now()))).rejects.toThrow(/refused this key/);
    await saveKlaviyoSettings(
      database.db,
      organization.id,
      { key: klaviyo.key, metricNames: { in_transit: "Parcel on its way", created: "" }, replacesEmail: true },
      new Date(clock.now()),
    );
    const view = await klaviyoView(database.db, organization.id);
    expect(view).toMatchObject({ connected: true, status: "connected", keyHint: klaviyo.key.slice(-4) });
    expect(JSON.stringify(view)).not.toContain(klaviyo.key);

    const number = `ITOD-1-${Date.now()}`;
    await createTestTracking(key, { tracking_number: number, emails: ["ana@example.com"], smses: ["+4915112345678"], order_number: "#1001" });
    await createTestTracking(key, { tracking_number: `ITOD-1-${Date.now()}9` }); // no e-mail: nothing for Klaviyo
    await jobs.advance("1m");
    // Klaviyo is busy for the next two calls: the send waits its Retry-After and goes on, dropping nothing.
    klaviyo.rateLimitNext(2, 20);
    for (let minute = 0; minute < 6; minute++) await jobs.advance("1m");

    expect(metricsOf(number)).toEqual(["Shipment Info Received", "Parcel on its way", "Shipment Out For Delivery", "Shipment Delivered"]);
    expect(klaviyo.events).toHaveLength(4);
    expect(klaviyo.accepted).toBe(4);
    expect(klaviyo.attempts).toBe(6);
    const delivered = klaviyo.events.at(-1)!;
    expect(delivered.profile).toEqual({ email: "ana@example.com", phone_number: "+4915112345678" });
    expect(delivered.properties).toMatchObject({
      tracking_number: number,
      courier: "testing-courier",
      status: "Delivered",
      order_number: "#1001",
      last_scan: { message: expect.any(String) },
    });
    expect(String(delivered.properties.tracking_page_url)).toMatch(/^https:\/\/waybill\.example\/t\//);
    expect(new Set(klaviyo.events.map((event) => event.uniqueId)).size).toBe(4);

    // The merchant deletes the key in Klaviyo: the next send is refused and the settings say so.
    klaviyo.revokeKey();
    await createTestTracking(key, { tracking_number: `ITOD-1-${Date.now()}7`, emails: ["bo@example.com"] });
    for (let minute = 0; minute < 3; minute++) await jobs.advance("1m");
    expect(await klaviyoView(database.db, organization.id)).toMatchObject({ status: "key_refused", lastError: expect.stringMatching(/401/) });
    expect(klaviyo.events).toHaveLength(4);
  });
});
