import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { notificationMessages } from "@/db/schema";
import { notifyContacts } from "@/inngest/functions/notify-contacts";
import { sendEvent, trackingUpdated } from "@/lib/events/events";
import { createTestEngine, runsOf, type TestEngine } from "@/testing/inngest";
import { resetEnvForTests } from "@/lib/env";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import { startWebhookReceiver, type ReceiverAnswer, type WebhookReceiver } from "@/testing/webhook-receiver";
import { notificationTransports } from "./notification-transports";
import { prepareContactNotifications } from "./prepare-contact-notifications";
import { sendNotificationMessage } from "./send-notification-message";
import { startSmtpCapture, type SmtpCapture } from "@/testing/smtp-capture";

const database = setupTestDatabase();

const TRANSPORT_ENV = ["SMTP_URL", "SMTP_FROM", "SMS_API_BASE_URL", "SMS_ACCOUNT_SID", "SMS_AUTH_TOKEN", "SMS_FROM"] as const;

function setEnv(values: Partial<Record<(typeof TRANSPORT_ENV)[number], string>>) {
  for (const name of TRANSPORT_ENV) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
  resetEnvForTests();
}

const servers: Array<{ close(): Promise<void> }> = [];
let jobs: TestEngine | undefined;

async function smtp(): Promise<SmtpCapture> {
  const server = await startSmtpCapture();
  servers.push(server);
  return server;
}

/** A local stand-in for Twilio's Messages API. */
async function smsProvider(
  answer: ReceiverAnswer = (_, index) => ({ status: 201, body: JSON.stringify({ sid: `SM${index}` }), headers: { "content-type": "application/json" } }),
): Promise<WebhookReceiver> {
  const server = await startWebhookReceiver(answer);
  servers.push(server);
  return server;
}

async function messagesOf(organizationId: string) {
  return database.db.select().from(notificationMessages).where(eq(notificationMessages.organizationId, organizationId));
}

beforeEach(async () => {
  jobs = await createTestEngine({ db: database.db, functions: [notifyContacts] });
});
afterEach(async () => {
  await jobs?.stop();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => setEnv({}));

describe("contact notifications", () => {
  it("e-mail a tracking's addresses in its language through SMTP, once per status change", async () => {
    const server = await smtp();
    setEnv({ SMTP_URL: server.url, SMTP_FROM: "Shop <shipping@shop.example>" });
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key, { language: "de", emails: ["kim@example.com", "lee@example.com"], title: "Bestellung 1001" });

    await storeScan(organization.id, trackingId, {
      tag: "InTransit",
      subtag: "InTransit_004",
      message: "Arrived in Germany",
      city: "Frankfurt",
      checkpointTime: "2025-03-01T14:05:00",
    });
    await jobs!.drain();
    // A second scan under the same status is an update, not a status change: no message.
    await storeScan(organization.id, trackingId, {
      tag: "InTransit",
      subtag: "InTransit_003",
      message: "Sorting centre",
      city: "Köln",
      checkpointTime: "2025-03-02T06:00:00",
    });
    await jobs!.drain();

    // One message per address, sent side by side (so in either order).
    expect(server.messages.map((mail) => mail.to[0]).sort()).toEqual(["kim@example.com", "lee@example.com"]);
    const mail = server.messages[0]!;
    expect(mail.headers.from).toBe("Shop <shipping@shop.example>");
    expect(mail.headers["content-language"]).toBe("de");
    expect(mail.subject).toMatch(/^Im Zielland angekommen: Ihre Sendung ITOD-1-\d+$/);
    expect(mail.text).toContain("es gibt Neuigkeiten zu Ihrer Sendung “Bestellung 1001” (Testing Courier ITOD-1-");
    expect(mail.text).toContain("Status: Im Zielland angekommen");
    expect(mail.text).toContain("Letzte Meldung: Arrived in Germany");
    expect(mail.text).toContain("Wo: Frankfurt");
    expect(mail.text).toContain("Wann: 1. März 2025 um 14:05");
    // Multipart: the HTML part says the same, escaped, with a button to the tracking page.
    expect(mail.contentType).toBe("multipart/alternative");
    expect(mail.html).toContain("<h1");
    expect(mail.html).toContain("Im Zielland angekommen");
    expect(mail.html).toMatch(/href="http:\/\/\S+\/t\/[^/]+\/[0-9a-f]+\.f[\w-]{22}"/);

    const rows = await messagesOf(organization.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ channel: "email", transport: "smtp", status: "sent", attempts: 1, error: null, language: "de" });

    // The same change handled again (a repeated step) sends nothing more.
    const [row] = rows;
    expect(
      await prepareContactNotifications(
        database.db,
        { organizationId: organization.id, trackingId, sourceEventId: row!.sourceEventId, trigger: "InTransit" },
        notificationTransports(),
      ),
    ).toEqual([]);
    expect(await sendNotificationMessage(database.db, organization.id, row!.id, notificationTransports(), { finalAttempt: false })).toBe("sent");
    expect(server.messages).toHaveLength(2);
    expect(await messagesOf(organization.id)).toHaveLength(2);

    // The next status change is news again.
    await storeScan(organization.id, trackingId, {
      tag: "Delivered",
      subtag: "Delivered_001",
      message: "Delivered",
      city: "Köln",
      checkpointTime: "2025-03-02T11:30:00",
    });
    await jobs!.drain();
    expect(server.messages).toHaveLength(4);
    expect(server.messages[2]!.subject).toMatch(/^Zugestellt: /);
  });

  it("queue no run for a change announced without contacts or without a new status", async () => {
    const server = await smtp();
    setEnv({ SMTP_URL: server.url });
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key, { emails: ["kim@example.com"] });
    const change = {
      organizationId: organization.id,
      trackingId,
      tag: "InTransit",
      previousTag: "Pending",
      isFirstTag: true,
      tagChanged: true,
      updatedAt: new Date().toISOString(),
    };

    await sendEvent(trackingUpdated, { ...change, hasContacts: false }, { id: "told-none" });
    await sendEvent(trackingUpdated, { ...change, hasContacts: true, tagChanged: false }, { id: "same-status" });
    await jobs!.drain();
    expect((await runsOf(database.db, "waybill-notify-contacts")).filter((run) => ["told-none", "same-status"].includes(run.eventId))).toEqual([]);
    expect(server.messages).toEqual([]);

    await sendEvent(trackingUpdated, { ...change, hasContacts: true }, { id: "told-some" });
    await jobs!.drain();
    expect(server.messages.map((mail) => mail.to[0])).toEqual(["kim@example.com"]);
  });

  it("write in English, French or Spanish, English for languages it does not know", async () => {
    const server = await smtp();
    setEnv({ SMTP_URL: server.url });
    const { organization, key } = await createTenant(database.db);
    for (const [language, email] of [
      ["fr-CA", "fr@example.com"],
      ["es", "es@example.com"],
      ["ja", "ja@example.com"],
    ] as const) {
      const trackingId = await createTestTracking(key, { language, emails: [email] });
      await storeScan(organization.id, trackingId, { tag: "OutForDelivery", subtag: "OutForDelivery_001", message: "Out for delivery" });
      await jobs!.drain();
    }
    const subjects = Object.fromEntries(server.messages.map((mail) => [mail.to[0], mail.subject]));
    expect(subjects["fr@example.com"]).toMatch(/^En cours de livraison : votre colis /);
    expect(subjects["es@example.com"]).toMatch(/^En reparto: tu envío /);
    expect(subjects["ja@example.com"]).toMatch(/^Out for Delivery: your shipment /);
  });

  it("text phone numbers through a Twilio-shaped API, retried when the provider fails, with the failure logged", async () => {
    const provider = await smsProvider((_, index) =>
      index === 0
        ? { status: 503, body: JSON.stringify({ code: 20503, message: "Service unavailable", status: 503 }), headers: { "content-type": "application/json" } }
        : { status: 201, body: JSON.stringify({ sid: "SM0123456789abcdef" }), headers: { "content-type": "application/json" } },
    );
    setEnv({ SMS_API_BASE_URL: `${new URL(provider.url).origin}/`, SMS_ACCOUNT_SID: "AC123", SMS_AUTH_TOKEN: "secret-token", SMS_FROM: "+15005550006" });
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key, { language: "es", smses: ["+34600000001"] });

    await storeScan(organization.id, trackingId, {
      tag: "AvailableForPickup",
      subtag: "AvailableForPickup_001",
      message: "Ready at the post office",
      city: "Madrid",
    });
    await jobs!.drain();
    expect(provider.received).toHaveLength(1);
    let [row] = await messagesOf(organization.id);
    expect(row).toMatchObject({
      channel: "sms",
      transport: "sms-api",
      status: "retrying",
      attempts: 1,
      error: "The SMS provider answered 503: Service unavailable (code 20503)",
    });

    await jobs!.advance("10s");
    expect(provider.received).toHaveLength(2);
    [row] = await messagesOf(organization.id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, error: null, providerMessageId: "SM0123456789abcdef" });

    const request = provider.received[1]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("AC123:secret-token").toString("base64")}`);
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(request.rawBody);
    expect(form.get("To")).toBe("+34600000001");
    expect(form.get("From")).toBe("+15005550006");
    expect(form.get("Body")).toMatch(
      /^Envío ITOD-1-\d+: Disponible para recoger\. Ready at the post office, Madrid, 1 de marzo de 2025 a las \d+:\d\d\. http:\/\/\S+\/t\/[^/]+\/[0-9a-f]+\.f[\w-]{22}$/,
    );
  });

  it("mark a message failed when every retry fails", async () => {
    const provider = await smsProvider(() => ({ status: 401, body: JSON.stringify({ code: 20003, message: "Authenticate" }) }));
    setEnv({ SMS_API_BASE_URL: new URL(provider.url).origin, SMS_ACCOUNT_SID: "AC123", SMS_AUTH_TOKEN: "wrong", SMS_FROM: "+15005550006" });
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key, { smses: ["+14155550100"] });
    await storeScan(organization.id, trackingId, { tag: "Exception", subtag: "Exception_007", message: "Address incomplete" });
    await jobs!.drain();
    await jobs!.advance("1h");
    expect(provider.received).toHaveLength(6);
    const [row] = await messagesOf(organization.id);
    expect(row).toMatchObject({ status: "failed", attempts: 6, error: "The SMS provider answered 401: Authenticate (code 20003)" });
  });

  it("land in the outbox when no transport is configured", async () => {
    setEnv({});
    const { organization, key } = await createTenant(database.db);
    const trackingId = await createTestTracking(key, { emails: ["ana@example.com"], smses: ["+14155550101"] });
    await storeScan(organization.id, trackingId, {
      tag: "Delivered",
      subtag: "Delivered_003",
      message: "Signed for by ANA",
      city: "Austin",
      countryIso3: "USA",
    });
    await jobs!.drain();

    const rows = await database.db
      .select()
      .from(notificationMessages)
      .where(and(eq(notificationMessages.organizationId, organization.id), eq(notificationMessages.trackingId, trackingId)));
    expect(
      rows
        .map(({ channel, recipient, transport, status, language }) => ({ channel, recipient, transport, status, language }))
        .sort((a, b) => a.channel.localeCompare(b.channel)),
    ).toEqual([
      { channel: "email", recipient: "ana@example.com", transport: "outbox", status: "outbox", language: "en" },
      { channel: "sms", recipient: "+14155550101", transport: "outbox", status: "outbox", language: "en" },
    ]);
    const email = rows.find((row) => row.channel === "email")!;
    expect(email.subject).toMatch(/^Sign by customer: your shipment ITOD-1-\d+$/);
    expect(email.body).toContain("Latest update: Signed for by ANA");
    expect(email.body).toContain("Where: Austin, USA");
  });
});
