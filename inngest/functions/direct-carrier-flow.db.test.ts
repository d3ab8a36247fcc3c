import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { trackings } from "@/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { callApi } from "@/testing/api-client";
import { CANADAPOST_CREDENTIALS, startFakeCanadapostServer } from "@/testing/carriers/fake-canadapost-server";
import { LAPOSTE_KEY, startFakeLaposteServer } from "@/testing/carriers/fake-laposte-server";
import { ROYALMAIL_CREDENTIALS, startFakeRoyalmailServer } from "@/testing/carriers/fake-royalmail-server";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { createTestEngine, type TestEngine } from "@/testing/inngest";
import { PollTestClock } from "@/testing/poll-test-clock";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { deliverWebhook } from "./deliver-webhook";
import { dispatchPolls } from "./dispatch-polls";
import { fanOutWebhooks } from "./fan-out-webhooks";
import { pollTrackings } from "./poll-trackings";

/** A carrier's local fake as this test drives it: what it was asked, and a number moved to Delivered. */
interface CarrierFake {
  url: string;
  calls: unknown[];
  deliver(number: string): void;
  close(): Promise<void>;
}

interface DirectCarrier {
  name: string;
  slug: string;
  /** `<CARRIER>` of the `<CARRIER>_API_BASE_URL` setting. */
  envPrefix: string;
  /** Server-wide credential settings, removed so that only the merchant's connection can poll. */
  serverCredentialVariables: string[];
  start(): Promise<CarrierFake>;
  credentials: Record<string, string>;
  refusedCredentials: Record<string, string>;
  number: string;
  /** The delivered answer's checkpoints as the API shows them: local time and subtag. */
  checkpoints: Array<[string, string]>;
}

const CARRIERS: DirectCarrier[] = [
  {
    name: "La Poste (Colissimo)",
    slug: "colissimo",
    envPrefix: "LAPOSTE",
    serverCredentialVariables: ["LAPOSTE_API_KEY"],
    start: startFakeLaposteServer,
    credentials: { api_key: LAPOSTE_KEY },
    refusedCredentials: { api_key: "wrong" },
    number: "6A19999999901",
    checkpoints: [
      ["2026-03-02T09:12:00", "InfoReceived_001"],
      ["2026-03-02T17:05:00", "InTransit_002"],
      ["2026-03-03T04:21:00", "InTransit_001"],
      ["2026-03-04T07:58:00", "OutForDelivery_001"],
      ["2026-03-04T11:47:00", "Delivered_001"],
    ],
  },
  {
    name: "Royal Mail",
    slug: "royal-mail",
    envPrefix: "ROYALMAIL",
    serverCredentialVariables: ["ROYALMAIL_CLIENT_ID", "ROYALMAIL_CLIENT_SECRET"],
    start: startFakeRoyalmailServer,
    credentials: { client_id: ROYALMAIL_CREDENTIALS.clientId, client_secret: ROYALMAIL_CREDENTIALS.clientSecret },
    refusedCredentials: { client_id: ROYALMAIL_CREDENTIALS.clientId, client_secret: "wrong" },
    number: "RM199999999GB",
    checkpoints: [
      ["2026-03-03T15:02:00", "InTransit_002"],
      ["2026-03-03T21:45:00", "InTransit_007"],
      ["2026-03-04T06:10:00", "OutForDelivery_001"],
      ["2026-03-04T10:32:00", "Delivered_003"],
    ],
  },
  {
    name: "Canada Post",
    slug: "canada-post",
    envPrefix: "CANADAPOST",
    serverCredentialVariables: ["CANADAPOST_USERNAME", "CANADAPOST_PASSWORD"],
    start: startFakeCanadapostServer,
    credentials: { username: CANADAPOST_CREDENTIALS.username, password: CANADAPOST_CREDENTIALS.password },
    refusedCredentials: { username: CANADAPOST_CREDENTIALS.username, password: "wrong" },
    number: "7316985412630997",
    // Local times as scanned (Ontario EST, then Nova Scotia AST); the signature comes as its own event.
    checkpoints: [
      ["2026-03-02T16:48:55", "InTransit_002"],
      ["2026-03-03T22:17:03", "InTransit_001"],
      ["2026-03-04T08:05:31", "OutForDelivery_001"],
      ["2026-03-04T13:42:10", "Delivered_003"],
      ["2026-03-04T13:42:10", "Delivered_003"],
    ],
  },
];

const database = setupTestDatabase();
withTestEncryptionKey();
const clock = new PollTestClock(Date.UTC(2026, 2, 2, 8, 0, 30));
const fakes = new Map<string, CarrierFake>();
let receiver: WebhookReceiver;
let jobs: TestEngine;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock.set(clock.now());
  receiver = await startWebhookReceiver();
  vi.stubEnv("WEBHOOK_ALLOW_PRIVATE", "true");
  for (const carrier of CARRIERS) {
    const fake = await carrier.start();
    fakes.set(carrier.slug, fake);
    vi.stubEnv(`${carrier.envPrefix}_API_BASE_URL`, fake.url);
    vi.stubEnv(`${carrier.envPrefix}_RATE_LIMIT`, "off");
    for (const variable of carrier.serverCredentialVariables) vi.stubEnv(variable, "");
  }
  resetEnvForTests();
  jobs = await createTestEngine({ db: database.db, functions: [dispatchPolls, pollTrackings, fanOutWebhooks, deliverWebhook], clock });
});
afterAll(async () => {
  await jobs.stop();
  await Promise.all([...[...fakes.values()].map((fake) => fake.close()), receiver.close()]);
  vi.unstubAllEnvs();
  resetEnvForTests();
  vi.useRealTimers();
});

async function row(organizationId: string, id: string) {
  const [found] = await database.db
    .select()
    .from(trackings)
    .where(and(eq(trackings.organizationId, organizationId), eq(trackings.id, id)));
  return found!;
}

describe.each(CARRIERS)("a $name shipment followed directly with the merchant's own connection", (carrier) => {
  it("is created through the API, polled to Delivered with the merchant's connection, and its webhooks are sent", async () => {
    const fake = fakes.get(carrier.slug)!;
    const { organization, key } = await createTenant(database.db);
    await createWebhookEndpoint(database.db, organization.id, { url: `${receiver.url}/${organization.id}`, apiVersion: "2026-07" });
    const refused = await callApi("POST", "/tracking/2026-07/courier-connections", {
      key,
      body: { courier_slug: carrier.slug, credentials: carrier.refusedCredentials },
    });
    expect(refused.status).toBe(400);
    const connected = await callApi("POST", "/tracking/2026-07/courier-connections", {
      key,
      body: { courier_slug: carrier.slug, credentials: carrier.credentials },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);

    const created = await callApi("POST", "/tracking/2026-07/trackings", { key, body: { tracking_number: carrier.number, slug: carrier.slug } });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await jobs.drain();
    // The carrier does not know the number yet: it stays Pending, asked once through the connection.
    expect(await row(organization.id, id)).toMatchObject({ tag: "Pending", trackedCount: 1, courierConnectionId: connected.body.data.id });
    expect(fake.calls.flat()).toContain(carrier.number);

    fake.deliver(carrier.number);
    clock.advance("12h");
    await jobs.advance("1m");
    expect(await row(organization.id, id)).toMatchObject({ tag: "Delivered", active: false });
    await jobs.drain();
    const webhooks = receiver.received.filter((webhook) => webhook.path.endsWith(organization.id)).map((webhook) => JSON.parse(webhook.rawBody).msg);
    expect(webhooks.map((msg) => [msg.id, msg.tag])).toContainEqual([id, "Delivered"]);

    const answer = await callApi("GET", `/tracking/2026-07/trackings/${id}`, { key });
    expect(
      answer.body.data.checkpoints.map((checkpoint: { checkpoint_time: string; subtag: string }) => [checkpoint.checkpoint_time, checkpoint.subtag]),
    ).toEqual(carrier.checkpoints);
  });
});
