import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notifyContacts } from "@/inngest/functions/notify-contacts";
import { resetEnvForTests } from "@/lib/env";
import { pageOrganizationFor, pageTrackingFor } from "@/lib/trackings/page/page-requests";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { withTestEncryptionKey } from "@/testing/encryption-key";
import { createTenant } from "@/testing/factories";
import { createTestEngine, type TestEngine } from "@/testing/inngest";
import { startSmtpCapture, type SmtpCapture } from "@/testing/smtp-capture";
import { createTestTracking, storeScan } from "@/testing/tracking-updates";
import { defaultTemplate } from "./default-templates";
import { saveTemplate, setEnabledTriggers } from "./notification-templates";

const database = setupTestDatabase();
withTestEncryptionKey();
let smtp: SmtpCapture;
let jobs: TestEngine;

beforeEach(async () => {
  smtp = await startSmtpCapture();
  vi.stubEnv("SMTP_URL", smtp.url);
  vi.stubEnv("PUBLIC_BASE_URL", "https://track.shop.example");
  resetEnvForTests();
  jobs = await createTestEngine({ db: database.db, functions: [notifyContacts] });
});
afterEach(async () => {
  await jobs.stop();
  await smtp.close();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("messages the merchant writes", () => {
  it("a status change e-mails the customer from the merchant's edited template, linking to the page of the right shipment", async () => {
    const { organization, key } = await createTenant(database.db);
    await saveTemplate(database.db, organization.id, "InTransit", "en", {
      ...defaultTemplate("InTransit", "en"),
      subject: "{{ customer_name }}, order {{ order_id }} is on its way with {{ courier }}",
      html: '<p>Good news, {{ customer_name }}!</p><p>{{ latest_checkpoint.message }} in {{ latest_checkpoint.location }}.</p><a href="{{ tracking_page_url }}">Follow order {{ order_id }}</a>',
      text: "Good news, {{ customer_name }}! Follow order {{ order_id }}: {{ tracking_page_url }}",
    });
    const trackingId = await createTestTracking(key, { emails: ["ana@example.com"], customer_name: "Ana <Lima>", order_number: "A-77", language: "en" });
    await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_003", message: "Arrived at the sorting centre", city: "Leeds" });
    await jobs.drain();

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toBe("Ana <Lima>, order A-77 is on its way with Testing Courier");
    expect(mail.contentType).toBe("multipart/alternative");
    // Values are escaped in HTML, as written in text.
    expect(mail.html).toContain("<p>Good news, Ana &lt;Lima&gt;!</p><p>Arrived at the sorting centre in Leeds.</p>");
    expect(mail.text).toMatch(/^Good news, Ana <Lima>! Follow order A-77: https:\/\/track\.shop\.example\/t\//);

    // The link opens this very shipment, with its order shown.
    const link = new URL(/href="([^"]+)"/.exec(mail.html!)![1]!);
    const [, , handle, token] = link.pathname.split("/");
    const organizationOfLink = await pageOrganizationFor(decodeURIComponent(handle!));
    expect(organizationOfLink?.id).toBe(organization.id);
    const opened = await pageTrackingFor(organization.id, token!);
    expect(opened).toMatchObject({ kind: "full", record: { tracking: { id: trackingId } } });
  });

  it("sends nothing for a trigger the merchant turned off, and the default for one never edited", async () => {
    const { organization, key } = await createTenant(database.db);
    await setEnabledTriggers(database.db, organization.id, ["Delivered"]);
    const trackingId = await createTestTracking(key, { emails: ["bo@example.com"], language: "it" });
    await storeScan(organization.id, trackingId, { tag: "InTransit", subtag: "InTransit_001", message: "On its way" });
    await jobs.drain();
    expect(smtp.messages).toHaveLength(0);
    await storeScan(organization.id, trackingId, { tag: "Delivered", subtag: "Delivered_001", message: "Delivered" });
    await jobs.drain();
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Consegnato: la tua spedizione ITOD-1-\d+$/)]);
    expect(smtp.messages[0]!.text).toContain("Segui la tua spedizione: https://track.shop.example/t/");
  });

  it("refuses a template that does not parse when it is saved, naming the part, the line and the reason", async () => {
    const { organization } = await createTenant(database.db);
    const template = { ...defaultTemplate("Delivered", "de"), html: "<p>Hallo</p>\n{% if customer_name %}<p>{{ customer_name }}</p>" };
    await expect(saveTemplate(database.db, organization.id, "Delivered", "de", template)).rejects.toMatchObject({
      field: "html",
      message: expect.stringMatching(/^html, line 2: .*not closed/),
    });
    await expect(saveTemplate(database.db, organization.id, "Shipped", "de", defaultTemplate("Delivered", "de"))).rejects.toMatchObject({ field: "trigger" });
  });
});
